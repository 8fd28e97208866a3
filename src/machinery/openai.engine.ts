// OpenAI-compatible chat engines: OpenAI, Azure OpenAI and Ollama share the Chat Completions protocol (POST …/chat/completions) and differ in address, authentication and defaults; vLLM, LM Studio or Mistral are reached through the openai engine's base URL and model.
import { LLM_TIMEOUT_FIELD, MachineryError, type ConfigField, type EngineConfig, type EngineContext, type MachineryEngine, type MachineryResult, type TranslateRequest } from './engine.js';
import { invalidShape, messageAt, postJson } from './http.js';
import { BATCH_FIELD, PERSONA_FIELD, STYLE_FIELD, translateWithLlm, type LlmPrompt } from './llm.js';

export const OPENAI_URL = 'https://api.openai.com/v1/';
export const OPENAI_MODEL = 'gpt-4o-mini';
export const AZURE_API_VERSION = '2024-10-21';

function slashed(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/** OpenAI answers 429 both for a rate limit and for a used-up budget (`insufficient_quota`). */
function openAiKind(status: number, body: unknown): 'quota' | undefined {
  return status === 429 && messageAt('error', 'code')(body) === 'insufficient_quota' ? 'quota' : undefined;
}

interface ChatTarget {
  url: string;
  headers: Record<string, string>;
  /** Azure names the model by its deployment in the URL; the others in the body. */
  model?: string;
}

function chatEngine(spec: {
  id: string;
  name: string;
  fields: readonly ConfigField[];
  target: (config: EngineConfig) => ChatTarget;
}): MachineryEngine {
  return {
    id: spec.id,
    name: spec.name,
    cacheable: true,
    worksUnconfigured: false,
    fields: spec.fields,
    async translate(config: EngineConfig, request: TranslateRequest, context: EngineContext): Promise<MachineryResult[][]> {
      const target = spec.target(config);
      const post = (prompt: LlmPrompt, deterministic: boolean) =>
        postJson({
          engine: spec.id,
          service: spec.name,
          url: target.url,
          headers: target.headers,
          body: {
            ...(target.model ? { model: target.model } : {}),
            messages: [
              { role: 'system', content: prompt.system },
              { role: 'user', content: prompt.user },
            ],
            ...(deterministic ? { temperature: 0 } : {}),
          },
          timeoutSeconds: Number(config.timeout ?? LLM_TIMEOUT_FIELD.default),
          signal: request.signal,
          outbound: context.outbound,
          errorMessage: (b) => messageAt('error', 'message')(b) ?? messageAt('error')(b),
          errorKind: openAiKind,
        });
      const send = async (prompt: LlmPrompt): Promise<string> => {
        const body = await post(prompt, true).catch((e: unknown) => {
          // Reasoning models accept only their default temperature: ask once more without one.
          if (e instanceof MachineryError && e.kind === 'request' && /temperature/i.test(e.message)) return post(prompt, false);
          throw e;
        });
        const message = (body as { choices?: { message?: { content?: unknown; refusal?: unknown } }[] })?.choices?.[0]?.message;
        if (typeof message?.refusal === 'string' && message.refusal) throw new MachineryError(spec.id, 'request', `${spec.name} refused to translate: ${message.refusal.slice(0, 200)}`);
        if (typeof message?.content !== 'string') throw invalidShape(spec.id, spec.name, 'expected "choices[0].message.content"');
        return message.content;
      };
      return translateWithLlm(spec.id, spec.name, config, request, send);
    },
  };
}

export const openAiEngine = chatEngine({
  id: 'openai',
  name: 'OpenAI',
  fields: [
    { name: 'key', type: 'string', label: 'API key', required: true, secret: true, maxLength: 500 },
    { name: 'model', type: 'string', label: `Model (default ${OPENAI_MODEL}); for another compatible service its model name, e.g. mistral-large-latest`, maxLength: 200 },
    { name: 'base_url', type: 'url', label: `API base URL (default ${OPENAI_URL}); e.g. https://api.mistral.ai/v1/ or a vLLM or LM Studio server's …/v1/` },
    PERSONA_FIELD,
    STYLE_FIELD,
    BATCH_FIELD,
    LLM_TIMEOUT_FIELD,
  ],
  target: (config) => ({
    url: `${slashed(String(config.base_url || OPENAI_URL))}chat/completions`,
    headers: { Authorization: `Bearer ${config.key}` },
    model: String(config.model || OPENAI_MODEL),
  }),
});

export const azureOpenAiEngine = chatEngine({
  id: 'azure-openai',
  name: 'Azure OpenAI',
  fields: [
    { name: 'key', type: 'string', label: 'API key', required: true, secret: true, maxLength: 500 },
    { name: 'azure_endpoint', type: 'url', label: 'Endpoint, e.g. https://<resource>.openai.azure.com/', required: true },
    { name: 'deployment', type: 'string', label: 'Deployment name', required: true, maxLength: 200 },
    { name: 'api_version', type: 'string', label: `API version (default ${AZURE_API_VERSION})`, maxLength: 50 },
    PERSONA_FIELD,
    STYLE_FIELD,
    BATCH_FIELD,
    LLM_TIMEOUT_FIELD,
  ],
  target: (config) => ({
    url: `${slashed(String(config.azure_endpoint))}openai/deployments/${encodeURIComponent(String(config.deployment))}/chat/completions?api-version=${encodeURIComponent(String(config.api_version || AZURE_API_VERSION))}`,
    headers: { 'api-key': String(config.key) },
  }),
});

export const ollamaEngine = chatEngine({
  id: 'ollama',
  name: 'Ollama',
  fields: [
    { name: 'base_url', type: 'url', label: 'Server URL, e.g. http://ollama.internal:11434/ (internal hosts need PARLA_ALLOWED_HOSTS)', required: true },
    { name: 'model', type: 'string', label: 'Model, e.g. llama3.1', required: true, maxLength: 200 },
    { name: 'key', type: 'string', label: 'Bearer token (when a proxy in front of Ollama requires one)', secret: true, maxLength: 500 },
    PERSONA_FIELD,
    STYLE_FIELD,
    BATCH_FIELD,
    LLM_TIMEOUT_FIELD,
  ],
  // Ollama's OpenAI-compatible endpoint lives under /v1/.
  target: (config) => {
    const base = slashed(String(config.base_url));
    return {
      url: `${/\/v1\/$/.test(base) ? base : `${base}v1/`}chat/completions`,
      headers: config.key ? { Authorization: `Bearer ${String(config.key)}` } : ({} as Record<string, string>),
      model: String(config.model),
    };
  },
});
