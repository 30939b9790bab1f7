/**
 * Reads the server-sent events of an open stream one JSON event at a time (heartbeat comments
 * skipped); `undefined` once the server has ended the stream.
 */
export function eventsOf<T = Record<string, unknown>>(response: Response): () => Promise<T | undefined> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const next = async (): Promise<T | undefined> => {
    while (!buffer.includes('\n\n')) {
      const { value, done } = await reader.read();
      if (done) return undefined;
      buffer += decoder.decode(value, { stream: true });
    }
    const [event, ...rest] = buffer.split('\n\n');
    buffer = rest.join('\n\n');
    return event?.startsWith(':') ? next() : (JSON.parse((event as string).replace(/^data: /, '')) as T);
  };
  return next;
}
