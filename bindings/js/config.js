// Package-wide settings (scikit-learn's set_config / get_config) and what they govern: how warnings
// reach the user. As Python's default warnings filter does, each distinct warning is printed once
// through console.warn; 'ignore' keeps them in model.warnings only; 'error' throws them, as
// warnings.simplefilter('error') turns scikit-learn's into exceptions.
const warningActions = ['warn', 'ignore', 'error'];
const config = { warnings: 'warn' };

// scikit-learn's warning classes, by the kinds the core reports.
const categories = { convergence: 'ConvergenceWarning', data: 'UserWarning', parameter: 'UserWarning' };

export function checkWarningAction(action, name = 'warnings') {
  if (!warningActions.includes(action))
    throw new Error(`${name} must be one of ${warningActions.map((a) => `'${a}'`).join(', ')}, got ${typeof action === 'string' ? JSON.stringify(action) : String(action)}`);
  return action;
}

// Changes the given settings and returns the previous ones (so `setConfig(previous)` restores them).
export function setConfig(options) {
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    throw new Error(`setConfig takes an object like { warnings: 'ignore' }, got ${options === null ? 'null' : Array.isArray(options) ? 'an array' : typeof options}`);
  for (const key of Object.keys(options))
    if (!(key in config)) throw new Error(`Unknown setting '${key}'; valid settings: ${Object.keys(config).join(', ')}`);
  const previous = getConfig();
  if (options.warnings !== undefined) config.warnings = checkWarningAction(options.warnings);
  return previous;
}

export function getConfig() {
  return { ...config };
}

// The text shown for a warning: "wasmlearn ConvergenceWarning: <message>".
export const warningText = ({ kind, message }) => `wasmlearn ${categories[kind] ?? 'UserWarning'}: ${message}`;

const printed = new Set();

// Reports warnings by the call's action (its own `warnings` option, else the setting): 'warn' prints
// each distinct one once per program, 'error' throws the first as an Error named after its class.
export function reportWarnings(warnings, action = config.warnings) {
  if (action === 'ignore' || warnings.length === 0) return;
  if (action === 'error')
    throw Object.assign(new Error(warningText(warnings[0])), { name: categories[warnings[0].kind] ?? 'UserWarning', warning: warnings[0] });
  for (const w of warnings) {
    const text = warningText(w);
    if (printed.has(text)) continue;
    printed.add(text);
    console.warn(text);
  }
}

// The action of a call that names none.
export const warningAction = () => config.warnings;
