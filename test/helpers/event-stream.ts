// A translation's live event stream (text/event-stream) as a test reads it: parsed as it arrives, waited on by match.

export interface StreamEvent {
  id: string | null;
  event: string;
  data: any;
}

export interface EventStream {
  res: Response;
  events: StreamEvent[];
  /** The first event (from the start of the stream) that matches, waiting for it up to `timeoutMs`. */
  next(match: (e: StreamEvent) => boolean, timeoutMs?: number): Promise<StreamEvent>;
  /** The comment lines received so far (`: …`, e.g. keep-alives), each with its line break. */
  comments(): string;
  /** Whether the server ended the stream. */
  ended(): boolean;
  close(): void;
}

export async function openEventStream(url: string, headers: Record<string, string>): Promise<EventStream> {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const events: StreamEvent[] = [];
  const waiters: (() => void)[] = [];
  let comments = '';
  let ended = false;
  if (res.ok && res.body) {
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          let at: number;
          while ((at = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, at);
            buffer = buffer.slice(at + 2);
            const e: StreamEvent = { id: null, event: 'message', data: null };
            let data: string | null = null;
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments += `${line}\n`;
              else if (line.startsWith('id: ')) e.id = line.slice(4);
              else if (line.startsWith('event: ')) e.event = line.slice(7);
              else if (line.startsWith('data: ')) data = line.slice(6);
            }
            if (data !== null) {
              e.data = JSON.parse(data);
              events.push(e);
            }
          }
          waiters.splice(0).forEach((w) => w());
        }
      } catch {
        // aborted
      }
      ended = true;
      waiters.splice(0).forEach((w) => w());
    })();
  }
  const next = async (match: (e: StreamEvent) => boolean, timeoutMs = 10_000): Promise<StreamEvent> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = events.find(match);
      if (found) return found;
      if (ended) throw new Error(`the stream ended; events: ${JSON.stringify(events)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event in time; events: ${JSON.stringify(events)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  };
  return { res, events, next, comments: () => comments, ended: () => ended, close: () => controller.abort() };
}
