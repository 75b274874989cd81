// Deterministic elementary functions. The last bit of libm's log/exp/pow/erfc/sin/cos differs between
// C libraries (glibc natively, musl under Emscripten), so anything that must give bit-identical
// numbers in the native and the WebAssembly build uses these instead. log, exp, sin and cos are ports
// of fdlibm's algorithms; pow, log10 and the normal quantile are built on them with two-double
// arithmetic (Dekker's exact products, Knuth's exact sums). They use only IEEE basic operations
// (+ - * / sqrt, exact bit manipulation), which are correctly rounded everywhere, and are within 1 ulp
// but for the quantile. The build must not contract a*b+c into FMA (C++17 ISO mode with GCC, and
// WebAssembly, which has no scalar FMA, both keep them apart).
#pragma once

namespace wasmlearn {

constexpr double kLog2Pi = 1.8378770664093454835606594728112;  // log(2π), the Gaussians' constant

double det_log(double x);  // natural logarithm; log(0) = -inf, log(x<0) = NaN
double det_exp(double x);  // e^x, overflow to +inf, underflow to 0
// x^y for x >= 0 (x < 0 gives NaN: the library only raises magnitudes), C's special cases otherwise
// (x^0 = 1^y = 1, 0^y = 0 or inf): e^(y·log x) with log x and the product kept in two doubles each.
double det_pow(double x, double y);
double det_log10(double x);  // log x / log 10 from the same two-double logarithm
// The standard normal quantile Φ⁻¹(p) (scipy's norm.ppf): −inf at 0, inf at 1, NaN outside [0, 1].
// Within 8 ulp (typically 1; det_exp's error sets it).
double det_normal_quantile(double p);
// Sine and cosine for |x| <= 2^20·π/2 (about 1.6e6); larger arguments give NaN (they are never needed
// here and would need the full Payne–Hanek reduction).
double det_sin(double x);
double det_cos(double x);

// det_log of every entry of an Eigen matrix or array (log-probabilities: log 0 = −inf).
template <class M>
auto det_log_of(const M& m) {
  return m.unaryExpr([](double v) { return det_log(v); });
}

}  // namespace wasmlearn
