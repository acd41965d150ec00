/** A `fetch` that sends nothing: it keeps each request body and answers from a list. */
export interface CapturedFetch {
  fetch: typeof fetch;
  /** The JSON bodies of the requests, in order. */
  bodies: unknown[];
}

/**
 * Makes a {@link CapturedFetch}: the SDKs build their real requests, nothing leaves the machine,
 * and no API key is needed.
 *
 * @param answers The JSON bodies to answer with, in order (a model's replies).
 * @returns The fetch and the bodies it saw.
 */
export function capturedFetch(answers: unknown[]): CapturedFetch {
  const bodies: unknown[] = [];
  const queue = [...answers];
  const fetchLike = async (_url: unknown, init?: RequestInit): Promise<Response> => {
    bodies.push(JSON.parse(String(init?.body)));
    const answer = queue.shift();
    if (answer === undefined) throw new Error('the example has no answer left for this request');
    return Response.json(answer);
  };
  return { fetch: fetchLike as typeof fetch, bodies };
}
