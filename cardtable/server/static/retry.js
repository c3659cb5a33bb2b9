// Asking the room again: one policy for every page. A read that hangs is given up after
// WAIT_MS (it can be asked again); a read that fails is tried up to three times, a little
// later each time, before the page says so.

export const WAIT_MS = 8000;

// ``work()``'s answer, asked up to ``times`` times with a pause of 400 ms, then 800 ms, …
// between; the last failure is thrown.
export async function tries(work, times = 3) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= times) throw error;
      await new Promise((done) => setTimeout(done, 400 * attempt));
    }
  }
}
