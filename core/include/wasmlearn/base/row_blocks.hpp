// Long row loops as one function call per block of rows.
//
// V8 compiles a WebAssembly function with its baseline compiler first and runs optimised code only
// from the function's next call on (no on-stack replacement): a loop over every row inside one long
// call (a single large predict, the first EM step) stays on the baseline tier, 2.5-5x slower. So
// the kernels of long row loops run once per block of kRowBlock rows. for_row_blocks calls the block
// through a function pointer that no optimiser can follow: binaryen (wasm-opt, at link time) inlines
// a function that has one caller whatever its noinline attribute, which would fold the per-block
// function back into the long call.
#pragma once
#include <algorithm>
#include <type_traits>

#include "wasmlearn/base/types.hpp"

namespace wasmlearn {

constexpr Index kRowBlock = 256;

// Calls block(begin, end) for [0, n) in blocks of kRowBlock rows, each an out-of-line call.
template <class Block>
void for_row_blocks(Index n, Block&& block) {
  using Body = std::remove_reference_t<Block>;
  using Call = void (*)(Body&, Index, Index);
  static Call volatile call = [](Body& body, Index begin, Index end) { body(begin, end); };
  for (Index begin = 0; begin < n; begin += kRowBlock) call(block, begin, std::min(n, begin + kRowBlock));
}

}  // namespace wasmlearn
