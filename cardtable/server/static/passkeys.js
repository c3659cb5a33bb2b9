// Passkeys (WebAuthn): add one to the signed-in player, or sign in with one. Browsers offer
// them on HTTPS or localhost only. The server's options come as JSON with base64url bytes;
// the credential goes back the same way (the webauthn library reads that form).

import { t } from "./i18n.js";
import { call, refusalText } from "./people.js";

// Why a passkey did not come, in the page's language. The browser's own refusals are a
// DOMException whose message is the browser's English: said by their name instead (cancelled
// or timed out; this device's passkey already added; anything else it refused). The room's
// refusals and a lost connection as every page says them.
export function passkeyRefusal(error) {
  if (error?.name === "NotAllowedError" || error?.name === "AbortError") return t("passkey.cancelled");
  if (error?.name === "InvalidStateError") return t("passkey.already");
  if (error instanceof DOMException && error.name !== "TimeoutError") return t("passkey.failed");
  return refusalText(error);
}

export function passkeysAvailable() {
  return Boolean(window.PublicKeyCredential && navigator.credentials && window.isSecureContext
    && (location.protocol === "https:" || location.hostname === "localhost"));
}

const fromB64 = (text) => {
  const b64 = text.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(text.length / 4) * 4, "=");
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)).buffer;
};
const toB64 = (buffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)))
  .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function credentialJSON(credential) {
  const r = credential.response;
  const response = { clientDataJSON: toB64(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = toB64(r.attestationObject);
    response.transports = r.getTransports ? r.getTransports() : [];
  }
  if (r.authenticatorData) response.authenticatorData = toB64(r.authenticatorData);
  if (r.signature) response.signature = toB64(r.signature);
  if (r.userHandle) response.userHandle = toB64(r.userHandle);
  return { id: credential.id, rawId: toB64(credential.rawId), type: credential.type, response,
    clientExtensionResults: credential.getClientExtensionResults(),
    authenticatorAttachment: credential.authenticatorAttachment ?? undefined };
}

export async function addPasskey() {
  const options = await call("POST", "api/me/passkeys/options");
  options.challenge = fromB64(options.challenge);
  options.user.id = fromB64(options.user.id);
  options.excludeCredentials = (options.excludeCredentials ?? []).map((c) => ({ ...c, id: fromB64(c.id) }));
  const credential = await navigator.credentials.create({ publicKey: options });
  return call("POST", "api/me/passkeys", credentialJSON(credential));
}

export async function signInWithPasskey() {
  const options = await call("POST", "api/passkeys/options");
  options.challenge = fromB64(options.challenge);
  options.allowCredentials = (options.allowCredentials ?? []).map((c) => ({ ...c, id: fromB64(c.id) }));
  const credential = await navigator.credentials.get({ publicKey: options });
  return call("POST", "api/passkeys/signin", credentialJSON(credential));
}
