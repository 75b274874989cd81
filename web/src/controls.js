// Form controls made from estimator metadata ({name, type, default, values?, minimum?, maximum?,
// nullable, doc, label?}), so every declared estimator gets its options without page code:
//   string with values  -> <select>
//   boolean             -> checkbox
//   integer / number    -> slider + number box when a range is known (sliders of integers with
//                          no maximum stop at a practical cap; the box still takes any value)
//   union               -> select of the forms + number box (+ slider when the page gives one)
// A page may give a parameter `slider: { min, max, step?, log? }`: the range its slider covers (on a
// log scale with `log`), where the declaration's range is open-ended; values are not limited to it.
// Each control reports typed values through onChange(name, value).

let uid = 0;

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') node.className = v;
    else if (k === 'text') node.textContent = v;
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  node.append(...children.filter((c) => c != null));
  return node;
}
export { el };

// The numeric range a slider should cover for a parameter (null: no slider); a page may set
// its own `step`.
export function sliderRange(param) {
  if (param.slider) return { step: param.slider.log ? 0.01 : niceStep(param.slider.max, param.slider.min), ...param.slider };
  const lo = param.minimum ?? param.exclusiveMinimum;
  if (lo === undefined) return null;
  const step = param.step ?? (param.type === 'integer' ? 1 : niceStep(param.default, lo));
  const min = param.minimum ?? lo + step;
  let max = param.maximum ?? param.exclusiveMaximum;
  if (max === undefined) {
    if (param.type !== 'integer') return null;
    max = Math.max(30, 10 * (Number(param.default) || 1));
  } else if (param.exclusiveMaximum !== undefined) max -= step;
  return max > min ? { min, max, step } : null;
}

function niceStep(def, lo) {
  const scale = Math.abs(Number(def) || 0) || Math.abs(lo) || 1;
  return 10 ** Math.floor(Math.log10(scale) - 1);
}

// Parses a URL/text value for a parameter; undefined when it is not valid.
export function parseParam(param, text) {
  if (text === undefined || text === null) return undefined;
  if (param.nullable && (text === '' || text === 'null')) return null;
  switch (param.type) {
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : undefined;
    case 'string':
      return !param.values || param.values.includes(text) ? text : undefined;
    case 'integer':
    case 'number': {
      if (text.trim() === '') return undefined;
      const x = Number(text);
      if (!Number.isFinite(x) || (param.type === 'integer' && !Number.isInteger(x))) return undefined;
      if (param.minimum !== undefined && x < param.minimum) return undefined;
      if (param.exclusiveMinimum !== undefined && x <= param.exclusiveMinimum) return undefined;
      if (param.maximum !== undefined && x > param.maximum) return undefined;
      if (param.exclusiveMaximum !== undefined && x >= param.exclusiveMaximum) return undefined;
      return x;
    }
    case 'union': {
      // Strings first (a value like 'auto'), then the numeric forms in declared order.
      for (const alt of param.oneOf ?? []) if (alt.type === 'string' && (!alt.values || alt.values.includes(text))) return text;
      for (const alt of param.oneOf ?? []) {
        if (alt.type === 'string') continue;
        const v = parseParam({ ...alt, nullable: false }, text);
        if (v !== undefined) return v;
      }
      return undefined;
    }
    default: {
      // array, matrix, object, or a type this page does not know: JSON.
      try {
        const v = JSON.parse(text);
        if (param.type === 'array' && !(Array.isArray(v) && v.every((x) => typeof x === 'number'))) return undefined;
        if (param.type === 'matrix' && !(Array.isArray(v) && v.every((r) => Array.isArray(r)))) return undefined;
        if (param.type === 'object' && (v === null || typeof v !== 'object' || Array.isArray(v))) return undefined;
        return v;
      } catch {
        return undefined;
      }
    }
  }
}

export function formatParam(value) {
  return value === null ? 'null' : typeof value === 'object' ? JSON.stringify(value) : String(value);
}

// Options about how a fit runs rather than what it learns — workers, continuing an earlier fit,
// which slice of an ensemble, of the starts or of the members a worker fits — change nothing in the
// page's fresh fits.
const howItRuns = new Set(['nJobs', 'warmStart', 'firstEstimator', 'firstInit', 'firstMember', 'nMembers']);

// The parameters the page can edit: all the others (types without a dedicated control get a JSON
// text field).
export function editable(params) {
  return params.filter((p) => !howItRuns.has(p.name));
}

// A range input over r (from sliderRange); on a log scale it moves by factors and reports values
// rounded to two significant digits. Returns { node, set(value) }.
function rangeSlider(param, r, onValue, describedBy) {
  const toSlider = (v) => (r.log ? Math.log10(Math.max(r.min, v)) : v);
  const node = el('input', { type: 'range', min: toSlider(r.min), max: toSlider(r.max), step: r.step, 'aria-label': `${param.name} slider`, 'aria-describedby': describedBy, tabindex: 0 });
  node.addEventListener('input', () => onValue(r.log ? +(10 ** Number(node.value)).toPrecision(2) : Number(node.value)));
  return { node, set: (v) => (node.value = toSlider(v)) };
}

function rangeText(p) {
  const parts = [];
  if (p.minimum !== undefined) parts.push(`≥ ${p.minimum}`);
  if (p.exclusiveMinimum !== undefined) parts.push(`> ${p.exclusiveMinimum}`);
  if (p.maximum !== undefined) parts.push(`≤ ${p.maximum}`);
  if (p.exclusiveMaximum !== undefined) parts.push(`< ${p.exclusiveMaximum}`);
  return parts.join(', ');
}

// One labelled control for a parameter. Returns { root, set(value) }.
export function paramControl(param, value, onChange) {
  const id = `param-${param.name}-${++uid}`;
  const docId = `${id}-doc`;
  const range = rangeText(param);
  const tip = `${param.doc}${range ? ` (${range})` : ''}; default ${formatParam(param.default)}`;
  const label = el('label', { for: id, title: tip }, el('span', { class: 'name', text: param.label ?? param.name }));
  const doc = el('p', { class: 'doc', id: docId, text: param.doc });
  const root = el('div', { class: 'field', 'data-param': param.name, title: tip });
  let set;

  if (param.type === 'string' && param.values) {
    const select = el('select', { id, name: param.name, 'aria-describedby': docId });
    for (const v of param.values) select.append(el('option', { value: v, text: v }));
    if (param.nullable) select.append(el('option', { value: 'null', text: 'none' }));
    select.addEventListener('change', () => onChange(param.name, parseParam(param, select.value)));
    set = (v) => (select.value = formatParam(v));
    root.append(label, select, doc);
  } else if (param.type === 'boolean') {
    const box = el('input', { id, name: param.name, type: 'checkbox', 'aria-describedby': docId });
    box.addEventListener('change', () => onChange(param.name, box.checked));
    set = (v) => (box.checked = Boolean(v));
    root.classList.add('check');
    root.append(el('div', { class: 'row' }, box, label), doc);
  } else if (param.type === 'union') {
    // A select of the forms (named values, none, "a number…") and a box for the number.
    const select = el('select', { id, name: param.name, 'aria-describedby': docId });
    const numeric = (param.oneOf ?? []).filter((a) => a.type === 'integer' || a.type === 'number');
    for (const alt of param.oneOf ?? []) if (alt.type === 'string') for (const v of alt.values ?? []) select.append(el('option', { value: `s:${v}`, text: v }));
    if (param.nullable) select.append(el('option', { value: 'null', text: 'none' }));
    numeric.forEach((alt, i) => select.append(el('option', { value: `n:${i}`, text: `${alt.type === 'integer' ? 'a count' : 'a number'}${rangeText(alt) ? ` (${rangeText(alt)})` : ''}…` })));
    const box = el('input', { type: 'number', step: 'any', 'aria-label': `${param.name} value`, 'aria-describedby': docId });
    const slider = param.slider ? rangeSlider(param, sliderRange(param), (v) => ((box.value = v), emit()), docId) : null;
    const row = el('div', { class: slider ? 'row with-slider' : 'row' }, select, slider?.node, box);
    const emit = () => {
      if (select.value === 'null') return onChange(param.name, null);
      if (select.value.startsWith('s:')) return onChange(param.name, select.value.slice(2));
      const alt = numeric[Number(select.value.slice(2))];
      const v = parseParam({ ...alt, nullable: false }, box.value);
      if (v === undefined) return box.setAttribute('aria-invalid', 'true');
      box.removeAttribute('aria-invalid');
      slider?.set(v);
      onChange(param.name, v);
    };
    select.addEventListener('change', () => {
      box.hidden = !select.value.startsWith('n:');
      if (slider) slider.node.hidden = box.hidden;
      if (!box.hidden && box.value === '') {
        const alt = numeric[Number(select.value.slice(2))];
        box.value = alt.minimum ?? (alt.exclusiveMinimum !== undefined ? alt.exclusiveMinimum + (alt.type === 'integer' ? 1 : 0.5) : 1);
      }
      emit();
    });
    box.addEventListener('input', emit);
    set = (v) => {
      box.removeAttribute('aria-invalid');
      if (v === null) select.value = 'null';
      else if (typeof v === 'string') select.value = `s:${v}`;
      else {
        const i = numeric.findIndex((a) => parseParam({ ...a, nullable: false }, String(v)) !== undefined);
        select.value = `n:${Math.max(0, i)}`;
        box.value = v;
        slider?.set(v);
      }
      box.hidden = !select.value.startsWith('n:');
      if (slider) slider.node.hidden = box.hidden;
    };
    root.append(label, row, doc);
  } else if (!['integer', 'number'].includes(param.type) || (param.type === 'string' && !param.values)) {
    // Fallback: a text field taking JSON (arrays, matrices, objects, unknown types); empty = default.
    const box = el('input', { id, name: param.name, type: 'text', spellcheck: 'false', class: 'json', 'aria-describedby': docId, placeholder: `${formatParam(param.default)} (JSON)` });
    box.addEventListener('change', () => {
      const text = box.value.trim();
      const v = text === '' ? param.default : param.type === 'string' ? text : parseParam(param, text);
      if (v === undefined) return box.setAttribute('aria-invalid', 'true');
      box.removeAttribute('aria-invalid');
      onChange(param.name, v);
    });
    set = (v) => {
      box.removeAttribute('aria-invalid');
      box.value = v === param.default ? '' : typeof v === 'string' ? v : formatParam(v);
    };
    root.append(label, box, doc);
  } else {
    const r = sliderRange(param);
    const num = el('input', {
      id, name: param.name, type: 'number', inputmode: param.type === 'integer' ? 'numeric' : 'decimal',
      step: r && !r.log ? r.step : param.type === 'integer' ? 1 : 'any', min: param.minimum, max: param.maximum, 'aria-describedby': docId,
      placeholder: param.nullable ? 'none' : undefined,
    });
    const row = el('div', { class: 'row' });
    let slider = null;
    if (r) {
      slider = rangeSlider(param, r, (v) => {
        num.value = v;
        num.removeAttribute('aria-invalid');
        onChange(param.name, v);
      }, docId);
      row.append(slider.node);
    }
    row.append(num);
    num.addEventListener('input', () => {
      const v = parseParam(param, num.value);
      if (v === undefined) return num.setAttribute('aria-invalid', 'true');
      num.removeAttribute('aria-invalid');
      if (slider && v !== null) slider.set(v);
      onChange(param.name, v);
    });
    set = (v) => {
      num.value = v === null ? '' : v;
      num.removeAttribute('aria-invalid');
      if (slider && v !== null) slider.set(v);
    };
    root.append(label, row, doc);
  }
  set(value);
  return { root, set };
}
