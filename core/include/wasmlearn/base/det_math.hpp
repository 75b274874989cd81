// Deterministic elementary functions. The last bit of libm's log/exp/sin/cos differs between C
// libraries (glibc natively, musl under Emscripten), so anything that must give bit-identical
// numbers in the native and the WebAssembly build (the random generator's normal deviates, the
// dataset generators) uses these instead. They are ports of fdlibm's algorithms and use only IEEE
// basic operations (+ - * /, exact bit manipulation), which are correctly rounded everywhere; the
// error is below 1 ulp. The build must not contract a*b+c into FMA (C++17 ISO mode with GCC, and
// WebAssembly, which has no scalar FMA, both keep them apart).
#pragma once

namespace wasmlearn {

double det_log(double x);  // natural logarithm; log(0) = -inf, log(x<0) = NaN
double det_exp(double x);  // e^x, overflow to +inf, underflow to 0
// Sine and cosine for |x| <= 2^20·π/2 (about 1.6e6); larger arguments give NaN (they are never needed
// here and would need the full Payne–Hanek reduction).
double det_sin(double x);
double det_cos(double x);

}  // namespace wasmlearn
