// Anthropic engine: Claude through the Messages API (POST /v1/messages with x-api-key and anthropic-version).
import { LLM_TIMEOUT_FIELD, type EngineConfig, type EngineContext, type MachineryEngine, type MachineryResult, type TranslateRequest } from './engine.js';
import { invalidShape, messageAt, postJson } from './http.js';
import { BATCH_FIELD, PERSONA_FIELD, STYLE_FIELD, translateWithLlm, type LlmPrompt } from './llm.js';

export const ANTHROPIC_URL = 'https://api.anthropic.com/';
export const ANTHROPIC_MODEL = 'claude-sonnet-4-5';
const ANTHROPIC_VERSION = '2023-06-01';

export const anthropicEngine: MachineryEngine = {
  id: 'anthropic',
  name: 'Anthropic',
  cacheable: true,
  worksUnconfigured: false,
  fields: [
    { name: 'key', type: 'string', label: 'API key', required: true, secret: true, maxLength: 500 },
    { name: 'model', type: 'string', label: `Model (default ${ANTHROPIC_MODEL})`, maxLength: 200 },
    { name: 'base_url', type: 'url', label: `API base URL (default ${ANTHROPIC_URL})` },
    { name: 'max_tokens', type: 'integer', label: 'Most tokens of one answer', default: 4096, min: 256, max: 64000 },
    PERSONA_FIELD,
    STYLE_FIELD,
    BATCH_FIELD,
    LLM_TIMEOUT_FIELD,
  ],
  async translate(config: EngineConfig, request: TranslateRequest, context: EngineContext): Promise<MachineryResult[][]> {
    const base = String(config.base_url || ANTHROPIC_URL);
    const url = `${base.endsWith('/') ? base : `${base}/`}v1/messages`;
    const send = async (prompt: LlmPrompt): Promise<string> => {
      const body = await postJson({
        engine: this.id,
        service: this.name,
        url,
        headers: { 'x-api-key': String(config.key), 'anthropic-version': ANTHROPIC_VERSION },
        body: {
          model: String(config.model || ANTHROPIC_MODEL),
          max_tokens: Number(config.max_tokens ?? 4096),
          system: prompt.system,
          messages: [{ role: 'user', content: prompt.user }],
          temperature: 0,
        },
        timeoutSeconds: Number(config.timeout ?? LLM_TIMEOUT_FIELD.default),
        signal: request.signal,
        outbound: context.outbound,
        errorMessage: messageAt('error', 'message'),
        // 529: the API is overloaded (https://docs.anthropic.com/en/api/errors).
        statusKinds: { 529: 'rate_limit' },
      });
      const answer = body as { content?: { type?: string; text?: unknown }[]; stop_reason?: string };
      if (answer?.stop_reason === 'max_tokens') throw invalidShape(this.id, this.name, 'the answer was cut off at max_tokens; raise it or lower the batch size');
      const text = Array.isArray(answer?.content) ? answer.content.filter((c) => c?.type === 'text' && typeof c.text === 'string').map((c) => c.text as string).join('') : undefined;
      if (text === undefined) throw invalidShape(this.id, this.name, 'expected "content" with text blocks');
      return text;
    };
    return translateWithLlm(this.id, this.name, config, request, send);
  },
};
