# The card room in a container: the wheel (engines compiled with mypyc) is built in a first
# stage with a C compiler, then installed with the server extra into a slim image that runs
# the room as an unprivileged user, its SQLite database on the /data volume (docs/deploy.md).
#   docker build -t cardtable .
#   docker run -d -p 127.0.0.1:8000:8000 -v cardtable-data:/data cardtable
FROM python:3.12-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN pip install --no-cache-dir "build>=1.2,<2" && python -m build --wheel --outdir /dist .

FROM python:3.12-slim
RUN useradd --system --create-home --home-dir /home/cardtable cardtable \
    && mkdir /data && chown cardtable:cardtable /data
COPY --from=build /dist/ /tmp/dist/
RUN pip install --no-cache-dir "$(ls /tmp/dist/cardtable-*.whl)[server]" && rm -rf /tmp/dist
USER cardtable
WORKDIR /data
VOLUME /data
# Every serve option can be set like these (CARDTABLE_ROOT_PATH, CARDTABLE_LOG_FORMAT …);
# a proxy on the host reaches the container from the bridge, so trust it for X-Forwarded-*.
ENV CARDTABLE_HOST=0.0.0.0 \
    CARDTABLE_PORT=8000 \
    CARDTABLE_DB=sqlite:////data/cardtable.db \
    CARDTABLE_FORWARDED_ALLOW_IPS=* \
    CARDTABLE_LOG_FORMAT=json \
    CARDTABLE_LOG_LEVEL=info
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s CMD python -c \
    "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:%s/healthz' % os.environ['CARDTABLE_PORT'], timeout=4)"
CMD ["cardtable", "serve"]
