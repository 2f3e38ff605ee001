/** Reads Server-Sent Events from a streaming fetch response (named events with JSON data). */
export function eventReader(response: Response) {
  const body = response.body;
  if (!body) throw new Error("the response has no body");
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const queue: { event: string; data: unknown }[] = [];
  return {
    async next(timeoutMs = 3000): Promise<{ event: string; data: unknown }> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const queued = queue.shift();
        if (queued) return queued;
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) =>
            setTimeout(
              () => reject(new Error("no event in time")),
              Math.max(1, deadline - Date.now()),
            ),
          ),
        ]);
        if (chunk.done) throw new Error("stream ended");
        buffer += decoder.decode(chunk.value, { stream: true });
        let end;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: (.+)$/m.exec(block)?.[1];
          const data = /^data: (.+)$/m.exec(block)?.[1];
          if (event && data) queue.push({ event, data: JSON.parse(data) as unknown });
        }
      }
    },
    close: () => reader.cancel(),
  };
}
