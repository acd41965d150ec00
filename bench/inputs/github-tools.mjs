// Builds MCP-style tool schemas from GitHub's published OpenAPI description (@octokit/openapi):
// one tool per operation, parameters and JSON request body as the input schema, the JSON success
// response as the output schema, `#/components/schemas/X` rewritten into `#/$defs/X`, and each
// tool's `$defs` holding only the components it reaches.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const SCHEMA_REF_PREFIX = '#/components/schemas/';
const PARAMETER_LOCATIONS = new Set(['path', 'query', 'header']);

/**
 * Reads GitHub's OpenAPI description from the installed package. Only the one JSON file is read
 * (the package's `index.js` would load ten files, ~400 MB).
 *
 * @returns The parsed OpenAPI document, its file name and its size in bytes.
 */
export function loadGithubOpenApi() {
  const path = require.resolve('@octokit/openapi/generated/api.github.com.json');
  const { version } = JSON.parse(
    readFileSync(require.resolve('@octokit/openapi/package.json'), 'utf8'),
  );
  const text = readFileSync(path, 'utf8');
  return {
    document: JSON.parse(text),
    bytes: text.length,
    name: `@octokit/openapi@${version} api.github.com.json`,
  };
}

/** Resolves a `#/components/<kind>/<name>` reference (parameters, responses, requestBodies). */
function resolveComponent(document, value) {
  let current = value;
  // Component objects may themselves be references; follow until a real object (bounded).
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 16; hops++) {
    const parts = current.$ref.slice(2).split('/').map(decodePointerToken);
    let target = document;
    for (const part of parts) target = target?.[part];
    current = target;
  }
  return current;
}

function decodePointerToken(token) {
  return decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~');
}

/** Deep-copies a JSON value, rewriting component schema refs and collecting their names. */
function copyRewritingRefs(value, reached) {
  if (Array.isArray(value)) return value.map((item) => copyRewritingRefs(item, reached));
  if (value === null || typeof value !== 'object') return value;
  const copy = {};
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (key === '$ref' && typeof item === 'string' && item.startsWith(SCHEMA_REF_PREFIX)) {
      const name = decodePointerToken(item.slice(SCHEMA_REF_PREFIX.length));
      reached.add(name);
      copy[key] = `#/$defs/${item.slice(SCHEMA_REF_PREFIX.length)}`;
    } else {
      copy[key] = copyRewritingRefs(item, reached);
    }
  }
  return copy;
}

/** Finds the JSON media type entry of an OpenAPI `content` map. */
function jsonMediaSchema(content) {
  if (!content) return undefined;
  for (const type of Object.keys(content)) {
    if (type === 'application/json' || /\+json$|\/json$/.test(type.split(';')[0])) {
      if (content[type]?.schema) return content[type].schema;
    }
  }
  return undefined;
}

/**
 * Adds the transitive closure of reached components as `$defs`. Each definition is copied once
 * per tool, so tools share no object with each other or with the OpenAPI document.
 */
function attachDefs(schema, reached, components, definitionCache) {
  const queue = [...reached];
  const defs = {};
  for (let index = 0; index < queue.length; index++) {
    const name = queue[index];
    if (Object.hasOwn(defs, name)) continue;
    let cached = definitionCache.get(name);
    if (!cached) {
      const refs = new Set();
      cached = { json: JSON.stringify(copyRewritingRefs(components[name], refs)), refs: [...refs] };
      definitionCache.set(name, cached);
    }
    defs[name] = JSON.parse(cached.json);
    for (const next of cached.refs) if (!Object.hasOwn(defs, next)) queue.push(next);
  }
  if (queue.length > 0) {
    const sorted = {};
    for (const name of Object.keys(defs).sort()) sorted[name] = defs[name];
    schema.$defs = sorted;
  }
  return schema;
}

/**
 * Builds one input and one output tool schema per operation of an OpenAPI 3.x document.
 *
 * @param document The OpenAPI document.
 * @returns The tools: `{ name, input, output }` (`output` is undefined without a JSON success body).
 */
export function buildToolSchemas(document) {
  const components = document.components?.schemas ?? {};
  const definitionCache = new Map();
  const tools = [];
  for (const path of Object.keys(document.paths)) {
    const pathItem = document.paths[path];
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      const reached = new Set();
      const properties = {};
      const required = [];
      // Operation-level parameters override path-level ones with the same name and location.
      const parameters = new Map();
      for (const raw of [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])]) {
        const parameter = resolveComponent(document, raw);
        if (!parameter || !PARAMETER_LOCATIONS.has(parameter.in)) continue;
        parameters.set(`${parameter.in}:${parameter.name}`, parameter);
      }
      for (const parameter of parameters.values()) {
        const property = copyRewritingRefs(parameter.schema ?? {}, reached);
        if (parameter.description && property.description === undefined && !property.$ref) {
          property.description = parameter.description;
        }
        properties[parameter.name] = property;
        if (parameter.required && !required.includes(parameter.name)) required.push(parameter.name);
      }
      const requestBody = resolveComponent(document, operation.requestBody);
      const bodySchema = jsonMediaSchema(requestBody?.content);
      if (bodySchema) {
        properties.body = copyRewritingRefs(bodySchema, reached);
        if (requestBody.required) required.push('body');
      }
      const input = { type: 'object', properties };
      if (required.length > 0) input.required = required;
      attachDefs(input, reached, components, definitionCache);

      let output;
      const codes = Object.keys(operation.responses ?? {})
        .filter((code) => /^2\d\d$/.test(code))
        .sort();
      for (const code of codes) {
        const response = resolveComponent(document, operation.responses[code]);
        const schema = jsonMediaSchema(response?.content);
        if (!schema) continue;
        const outputReached = new Set();
        output = attachDefs(
          copyRewritingRefs(schema, outputReached),
          outputReached,
          components,
          definitionCache,
        );
        break;
      }
      tools.push({ name: operation.operationId ?? `${method} ${path}`, input, output });
    }
  }
  return tools;
}
