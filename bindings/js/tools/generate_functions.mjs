// Build step, the function part (generate.mjs calls it): from the function metadata the WASM module
// exports (one declaration per function in the C++ core) write the namespace modules (metrics.js,
// datasets.js, ...) and function_exports.js, and make the TypeScript declarations and the docs section.
import path from 'node:path';
import { existsSync } from 'node:fs';

const capitalised = (s) => s[0].toUpperCase() + s.slice(1);
// A module may be nested ("metrics.pairwise"): its file is metrics_pairwise.js, exported by its parent's
// module as `pairwise`, so users write metrics.pairwise.rbfKernel.
const moduleFile = (module) => `${module.replace(/\./g, '_').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}.js`;
const parentOf = (module) => module.slice(0, Math.max(0, module.lastIndexOf('.')));
const leafOf = (module) => module.slice(module.lastIndexOf('.') + 1);
// Every module named by a function, with the parents of nested ones.
const modulesOf = (metadata) => {
  const all = new Set();
  for (const { module } of metadata) for (let m = module; m; m = parentOf(m)) all.add(m);
  return [...all];
};
const childrenOf = (metadata, module) => modulesOf(metadata).filter((m) => parentOf(m) === module);
const rootsOf = (metadata) => modulesOf(metadata).filter((m) => !parentOf(m));

// The hand-written part of a namespace, if it has one: model_selection.js's is model_selection_parts.js
// (classes and functions written in JS, e.g. the splitters), re-exported by the generated module.
export const partsFile = (module) => moduleFile(module).replace(/\.js$/, '_parts.js');

// { file path: text } of the generated JS modules.
export function functionModules(metadata, jsDir, banner) {
  const files = {};
  for (const module of modulesOf(metadata)) {
    const parts = existsSync(path.join(jsDir, partsFile(module))) ? `export * from './${partsFile(module)}';\n` : '';
    files[path.join(jsDir, moduleFile(module))] =
      banner +
      "import { defineFunction } from './functions.js';\n" +
      parts +
      metadata
        .filter((m) => m.module === module)
        .map((m) => `\n/** ${m.doc}. */\nexport const ${m.name} = defineFunction('${m.name}');\n`)
        .join('') +
      childrenOf(metadata, module)
        .map((child) => `export * as ${leafOf(child)} from './${moduleFile(child)}';\n`)
        .join('');
  }
  let exports = banner;
  for (const module of rootsOf(metadata)) exports += `export * as ${module} from './${moduleFile(module)}';\n`;
  for (const module of modulesOf(metadata)) {
    const top = metadata.filter((m) => m.module === module && m.topLevel).map((m) => m.name);
    if (top.length) exports += `export { ${top.join(', ')} } from './${moduleFile(module)}';\n`;
  }
  files[path.join(jsDir, 'function_exports.js')] = exports;
  return files;
}

// ---- TypeScript
const argumentTypes = {
  matrix: 'MatrixLike',
  vector: 'ArrayLike<number>',
  targets: 'Targets',
  labels: 'Labels',
  labelsOrIndicator: 'Labels | MatrixLike',
  values: 'number | Values',
  coefs: 'Values | MatrixLike',
  rows: 'MatrixLike',
  entries: 'Labels | Targets',
};
const resultTypes = {
  number: 'number',
  vector: 'Float64Array',
  intVector: 'Int32Array',
  matrix: 'DenseMatrix',
  strings: 'string[]',
  array: 'number | Float64Array | DenseMatrix',
  json: 'any',
};
// The forms of a `values` / `coefs` argument and what the one result then is.
const narrowForms = {
  values: [['number', 'number'], ['Values', 'Float64Array']],
  coefs: [['Values', 'number'], ['MatrixLike', 'Float64Array']],
};

// Arrays in options take typed arrays too; labels options take labels of any kind.
const optionType = (p, tsType) => {
  const base = p.labels ? (p.type === 'array' ? 'Labels' : 'number | string') : p.type === 'array' ? 'ArrayLike<number>' : null;
  return base ? [base, p.nullable && 'null'].filter(Boolean).join(' | ') : tsType(p);
};

function optionLines(m, { tsType, constraint }) {
  return m.params.map((p) => {
    const c = constraint(p);
    return `  /** ${p.doc}. Default: ${JSON.stringify(p.default)}${c ? `; ${c}` : ''}. */\n  ${p.name}?: ${optionType(p, tsType)};\n`;
  });
}

// The signatures of one function (an overload per form of a narrowing argument and per optional array).
function signatures(m, helpers) {
  const generic = (a) => `${capitalised(a.name)}T`;
  const taken = m.arrays.filter((a) => a.kind === 'rows' || a.kind === 'entries');
  const indices = m.results.filter((r) => r.kind === 'indices');
  const narrowing = m.arrays.find((a) => narrowForms[a.kind]);
  const options = m.positional
    ? m.params.map((p) => `${p.name}?: ${optionType(p, helpers.tsType)}`)
    : m.params.length ? [`options?: ${capitalised(m.name)}Options`] : [];
  const single = m.results.find((r) => r.name === '');
  const named = m.results.filter((r) => r.kind !== 'indices').length ? `${capitalised(m.name)}Result` : null;
  const variants = [];
  for (const omitted of [false, true]) {
    if (omitted && !m.arrays.some((a) => a.optional)) continue;
    const arrays = m.arrays.filter((a) => !(omitted && a.optional));
    const generics = arrays.filter((a) => taken.includes(a)).map((a) => `${generic(a)} extends ${argumentTypes[a.kind]}`);
    const takenResult = arrays
      .filter((a) => taken.includes(a))
      .flatMap((a) => indices.map((r) => `${a.name}${capitalised(r.name)}: ${generic(a)}`));
    const forms = narrowing ? narrowForms[narrowing.kind] : [[null, single ? resultTypes[single.kind] : named]];
    for (const [form, result] of forms) {
      const args = arrays.map((a) => `${a.name}: ${a === narrowing ? form : taken.includes(a) ? generic(a) : argumentTypes[a.kind]}`);
      const returns = takenResult.length ? `{ ${takenResult.join('; ')} }` : result;
      variants.push(`function ${m.name}${generics.length ? `<${generics.join(', ')}>` : ''}(${[...args, ...options].join(', ')}): ${returns};`);
    }
  }
  return variants;
}

export function functionDeclarations(metadata, helpers) {
  let dts = `/** Every module function with its arrays, options (type, default, allowed values, doc) and results. */
export interface FunctionMetadata {
  name: string;
  module: string;
  doc: string;
  topLevel: boolean;
  positional: boolean;
  arrays: { name: string; kind: string; doc: string; optional: boolean }[];
  params: ParamMetadata[];
  results: { name: string; kind: string; doc: string }[];
}
export declare function functions(): FunctionMetadata[];
type Values = number[] | Float64Array | Float32Array;

`;
  for (const m of metadata) {
    if (!m.positional && m.params.length)
      dts += `/** Options of ${m.module}.${m.name}. */\nexport interface ${capitalised(m.name)}Options {\n${optionLines(m, helpers).join('')}}\n`;
    const named = m.results.filter((r) => r.name !== '' && r.kind !== 'indices');
    if (named.length)
      dts += `/** What ${m.module}.${m.name} returns. */\nexport interface ${capitalised(m.name)}Result {\n${named
        .map((r) => `  /** ${r.doc}. */\n  ${r.name}: ${resultTypes[r.kind]};\n`)
        .join('')}}\n`;
  }
  const doc = (m) => `/** ${[`${m.doc}.`, ...m.arrays.map((a) => `${a.name}: ${a.doc}.`)].join(' ')} */\n`;
  for (const m of metadata.filter((f) => f.topLevel))
    dts += doc(m) + signatures(m, helpers).map((s) => `export declare ${s}\n`).join('');
  // A namespace with its functions and, nested in it, its child namespaces; every member exported
  // explicitly (a namespace with one export declaration exports nothing else).
  const namespace = (module, indent) => {
    const members = metadata.filter((m) => m.module === module);
    let text = `${indent}/** The ${module} functions. */\n${indent}export ${indent ? '' : 'declare '}namespace ${leafOf(module)} {\n`;
    const top = members.filter((m) => m.topLevel).map((m) => m.name);
    if (top.length) text += `${indent}  export { ${top.join(', ')} };\n`;
    for (const m of members.filter((f) => !f.topLevel))
      text += `${indent}  ${doc(m)}${signatures(m, helpers).map((s) => `${indent}  export ${s}\n`).join('')}`;
    for (const child of childrenOf(metadata, module)) text += namespace(child, `${indent}  `);
    return `${text}${indent}}\n`;
  };
  for (const module of rootsOf(metadata)) dts += namespace(module, '');
  return dts;
}

// ---- docs
export function functionDocs(metadata, optionRow) {
  let md = '## Functions\n\n';
  for (const m of metadata) {
    const call = `${m.module}.${m.name}(${[...m.arrays.map((a) => (a.optional ? `[${a.name}]` : a.name)), ...(m.positional ? m.params.map((p) => `[${p.name}]`) : m.params.length ? ['[options]'] : [])].join(', ')})`;
    md += `### ${call}\n\n${m.doc}.${m.topLevel ? ` Also exported at the top level as \`${m.name}\`.` : ''}\n\n`;
    for (const a of m.arrays) md += `- \`${a.name}\` (${a.kind}${a.optional ? ', optional' : ''}): ${a.doc}.\n`;
    if (m.arrays.length) md += '\n';
    if (m.params.length) {
      md += `| ${m.positional ? 'argument' : 'option'} | type | default | allowed | meaning |\n|---|---|---|---|---|\n`;
      for (const p of m.params) md += optionRow(p);
      md += '\n';
    }
    md += `Returns: ${m.results.map((r) => (r.name ? `\`${r.name}\` (${r.kind}): ${r.doc}` : `${r.kind === 'vector' ? 'a number or a Float64Array' : r.kind}: ${r.doc}`)).join('; ')}.\n\n`;
  }
  return md;
}
