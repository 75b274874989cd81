// Eigen's SSE path includes <mmintrin.h> (MMX), which Emscripten does not provide; clang's own
// header then rejects the wasm32 target. Nothing of MMX is used, so this empty header stands in.
#pragma once
