// An uploaded file as services see it: its client-side name and its bytes (already size-limited).
export interface Upload {
  filename: string;
  data: Buffer;
}
