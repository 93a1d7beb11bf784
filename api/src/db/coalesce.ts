// Concurrent requests' small statements gathered into one (issue 37's rush):
// when a drop opens, hundreds of requests arrive within a few milliseconds,
// and each read its session and counted its rate limits in a round trip of
// its own. On two cores a round trip costs the server more CPU than the
// statement costs the database, so the calls that arrive while the event
// loop is handling I/O wait for the end of that turn (setImmediate) and go
// together. A call is still read or counted after it arrived: nothing is
// cached, nothing older is answered. Alone, a call waits only for that turn.

/** Up to this many calls in one statement; more go in the next. */
const MOST = 200;

interface Waiting<I, O> {
  input: I;
  resolve: (output: O) => void;
  reject: (error: unknown) => void;
}

/**
 * A function of one input that runs `many` once per event-loop turn for the
 * inputs asked for during it; `many` answers each input, in their order.
 */
export function coalesce<I, O>(many: (inputs: I[]) => Promise<O[]>): (input: I) => Promise<O> {
  let waiting: Waiting<I, O>[] = [];
  const flush = () => {
    const batch = waiting.slice(0, MOST);
    waiting = waiting.slice(MOST);
    if (waiting.length > 0) setImmediate(flush);
    Promise.resolve()
      .then(() => many(batch.map((call) => call.input)))
      .then(
        (outputs) => batch.forEach((call, i) => call.resolve(outputs[i]!)),
        (error: unknown) => batch.forEach((call) => call.reject(error)),
      );
  };
  return (input) =>
    new Promise<O>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ input, resolve, reject });
    });
}

/**
 * coalesce for work on a database client: one gathering per client (a test
 * process serves several databases), made at its first call.
 */
export function coalescePerClient<C extends object, I, O>(
  many: (client: C, inputs: I[]) => Promise<O[]>,
): (client: C, input: I) => Promise<O> {
  const byClient = new WeakMap<C, (input: I) => Promise<O>>();
  return (client, input) => {
    let call = byClient.get(client);
    if (!call) {
      call = coalesce((inputs: I[]) => many(client, inputs));
      byClient.set(client, call);
    }
    return call(input);
  };
}
