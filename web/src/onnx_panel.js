// An .onnx model in the playground (issue 16 item 6): opened with the file input or dropped on the
// page, it replaces the trained model — the worker loads it with loadOnnx (onnx_model.js) and draws
// it on the current data, no training — until "Back to training". Shown beside it: what it loaded
// as, and a decision tree's rules (exportText); its diagram is the figure's.
import { el } from './controls.js';

export class OnnxPanel {
  // root: an element to fill; textHolder: where the tree's rules go. onOpen({ file, bytes }),
  // onClose().
  constructor(root, textHolder, { onOpen, onClose }) {
    this.onOpen = onOpen;
    this.input = el('input', { type: 'file', id: 'onnx-file', accept: '.onnx' });
    this.closeButton = el('button', { type: 'button', id: 'onnx-close', text: 'Back to training', hidden: true });
    this.status = el('p', { id: 'onnx-status', class: 'doc', 'aria-live': 'polite', text: 'or drop an .onnx file on the page: a model trained elsewhere (scikit-learn via skl2onnx, Spark MLlib via onnxmltools), drawn on these points' });
    this.text = el('pre', { id: 'onnx-text', class: 'export-text', hidden: true });
    root.replaceChildren(el('div', { class: 'field' }, el('label', { for: 'onnx-file', text: 'open a trained .onnx model' }), this.input, this.closeButton, this.status));
    textHolder.append(this.text);
    this.input.addEventListener('change', () => this.input.files[0] && this.#open(this.input.files[0]));
    this.closeButton.addEventListener('click', () => {
      this.reset();
      onClose();
    });
    // A file dropped anywhere on the page.
    document.addEventListener('dragover', (e) => e.dataTransfer?.types.includes('Files') && e.preventDefault());
    document.addEventListener('drop', (e) => {
      const file = e.dataTransfer?.files[0];
      if (!file) return;
      e.preventDefault();
      this.#open(file);
    });
  }

  async #open(file) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    this.#loaded(file.name);
    this.status.textContent = `${file.name}: loading…`;
    this.onOpen({ file: file.name, bytes });
  }

  // Back to no file (the page picked an estimator).
  reset() {
    this.input.value = '';
    this.#loaded(null);
  }

  #loaded(file) {
    this.closeButton.hidden = !file;
    this.text.hidden = true;
    if (!file) this.status.textContent = 'no model file open';
  }

  // After each render: what the worker loaded (the fit message's `onnx`), or why it could not.
  shown(fit, error) {
    const onnx = fit?.onnx;
    if (!onnx) {
      if (error) this.status.textContent = error;
      return;
    }
    this.status.textContent = fit.error ? `${onnx.file}: ${fit.error}` : `${onnx.file}: a ${onnx.name}, drawn on these points (no training here)`;
    this.text.hidden = !onnx.text || Boolean(fit.error);
    this.text.textContent = onnx.text ?? '';
  }
}
