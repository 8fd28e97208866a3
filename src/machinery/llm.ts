// What Parla's language-model engines share: the prompt (glossary, context, placeholders to keep), the JSON answer's parsing, and the placeholder check that drops a translation that lost one.
import { MachineryError, batches, type ConfigField, type EngineConfig, type MachineryResult, type TranslateRequest } from './engine.js';
import { invalidShape } from './http.js';
import { missingPlaceholders, placeholdersOf } from './placeholders.js';

/** The reference ranks language-model answers at 90 (its max_score for them). */
export const LLM_QUALITY = 90;

export const PERSONA_FIELD: ConfigField = { name: 'persona', type: 'string', label: 'Persona: who the model acts as, e.g. "You are a careful translator of accounting software"', maxLength: 1000 };
export const STYLE_FIELD: ConfigField = { name: 'style', type: 'string', label: 'Style: how translations read, e.g. "Use informal address"', maxLength: 1000 };
export const BATCH_FIELD: ConfigField = { name: 'batch_size', type: 'integer', label: 'Strings per request', default: 20, min: 1, max: 100 };

/** Characters per request besides the batch size, so that one answer fits the models' output limits. */
const MAX_CHARS = 8_000;

const INSTRUCTIONS = `You translate user interface strings of a software project.
The user message is JSON: "source_language" and "target_language" (language codes), "glossary" (terms with the target wording to use), and "strings", each with its "source" text and sometimes a "context" (where the string is used) and "placeholders" (parts to copy unchanged).
Rules:
- Translate every "source" into the target language, keeping its meaning, tone, whitespace, line breaks and punctuation style.
- Copy every placeholder (such as %s, %(name)s, {0}, {name}, \${name} and markup tags) exactly as it is written, as many times as it occurs. Never translate, rename or escape a placeholder.
- Use the glossary's target term wherever its source term occurs; keep terms marked "keep" unchanged.
- Use "context" to choose the right meaning only; never translate or output it.
- Answer with one JSON array of strings, one translation per input string in the same order, and nothing else: no explanation, no Markdown.`;

export interface LlmPrompt {
  system: string;
  user: string;
}

export interface LlmBatch {
  start: number;
  texts: string[];
  /** Placeholders of each text that must survive. */
  placeholders: string[][];
  prompt: LlmPrompt;
}

function sentence(text: unknown): string {
  const t = typeof text === 'string' ? text.trim() : '';
  return t && !/[.!?]$/.test(t) ? `${t}.` : t;
}

/** The requests to send: texts in batches, each with its system prompt and JSON input. */
export function llmBatches(config: EngineConfig, request: TranslateRequest): LlmBatch[] {
  const system = [sentence(config.persona), sentence(config.style), INSTRUCTIONS].filter(Boolean).join('\n\n');
  const glossary = (request.glossary ?? []).map((t) => ({
    source: t.source,
    target: t.readOnly ? t.source : t.target,
    ...(t.explanation ? { explanation: t.explanation } : {}),
    ...(t.readOnly ? { keep: true } : {}),
  }));
  return batches(request.texts, Number(config.batch_size ?? BATCH_FIELD.default), MAX_CHARS).map((batch) => {
    const placeholders = batch.texts.map((text, i) => placeholdersOf(text, request.hints?.[batch.start + i]?.placeholders));
    const strings = batch.texts.map((source, i) => {
      const context = request.hints?.[batch.start + i]?.context;
      const unique = [...new Set(placeholders[i])];
      return { source, ...(context ? { context } : {}), ...(unique.length ? { placeholders: unique } : {}) };
    });
    // Only the terms that occur in this batch: a whole glossary would crowd the prompt.
    const lowered = batch.texts.join('\n').toLowerCase();
    const terms = glossary.filter((t) => lowered.includes(t.source.toLowerCase()));
    const user = JSON.stringify({ source_language: request.sourceLanguage, target_language: request.targetLanguage, glossary: terms, strings });
    return { start: batch.start, texts: batch.texts, placeholders, prompt: { system, user } };
  });
}

/** The answer's JSON array (Markdown fences and text around it are tolerated); its length must match. */
export function parseLlmAnswer(engine: string, service: string, answer: string, expected: number): string[] {
  const start = answer.indexOf('[');
  const end = answer.lastIndexOf(']');
  let parsed: unknown;
  try {
    parsed = start === -1 || end < start ? undefined : JSON.parse(answer.slice(start, end + 1));
  } catch {
    parsed = undefined;
  }
  // A one-string batch answered with the bare translation.
  if (parsed === undefined && expected === 1 && answer.trim() !== '' && start === -1) return [answer.trim()];
  if (!Array.isArray(parsed) || parsed.length !== expected || parsed.some((t) => typeof t !== 'string')) {
    throw invalidShape(engine, service, `expected a JSON array of ${expected} translation${expected === 1 ? '' : 's'}`);
  }
  return parsed as string[];
}

/**
 * Candidates of one batch: a translation that lost a placeholder, or is empty, is dropped (no candidate for
 * that text) rather than offered for someone to accept by mistake.
 */
export function llmResults(batch: LlmBatch, translations: string[], service: string, quality = LLM_QUALITY): MachineryResult[][] {
  return translations.map((text, i) => {
    if (text.trim() === '' || missingPlaceholders(batch.placeholders[i], text).length > 0) return [];
    return [{ text, quality, service, source: batch.texts[i] }];
  });
}

/** Runs the batches one after another with `send` (which returns the model's text) and collects the candidates. */
export async function translateWithLlm(
  engine: string,
  service: string,
  config: EngineConfig,
  request: TranslateRequest,
  send: (prompt: LlmPrompt, batch: LlmBatch) => Promise<string>,
): Promise<MachineryResult[][]> {
  const out: MachineryResult[][] = [];
  for (const batch of llmBatches(config, request)) {
    const answer = await send(batch.prompt, batch);
    if (typeof answer !== 'string') throw new MachineryError(engine, 'invalid_response', `${service} sent no text.`);
    out.push(...llmResults(batch, parseLlmAnswer(engine, service, answer, batch.texts.length), service));
  }
  return out;
}
