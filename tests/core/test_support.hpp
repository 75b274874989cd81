// Helpers shared by the GoogleTest files.
#pragma once
#include <algorithm>
#include <cmath>
#include <exception>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>
#include <string>

#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/types.hpp"

namespace wasmlearn::test_support {

// |got − want| in units in the last place of want rounded to double (subnormal ulps below the normal
// range), for the elementary functions' accuracy tests.
inline double ulp_error(double got, long double want) {
  const double rounded = static_cast<double>(want);
  int exponent = 0;
  std::frexp(rounded, &exponent);
  const double ulp = std::ldexp(1.0, std::max(exponent - 53, -1074));
  return static_cast<double>(std::fabs(static_cast<long double>(got) - want) / ulp);  // not rounded to the subnormal grid
}

// The message of the exception f throws, or "<no error>".
template <class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const std::exception& e) {
    return e.what();
  }
  return "<no error>";
}

// tests/fixtures' path (test_support.cpp).
std::string fixtures_dir();

// A reference-value file of tests/fixtures (written by the scripts there).
inline json read_fixture(const std::string& name) {
  std::ifstream in(fixtures_dir() + "/" + name);
  if (!in) throw std::runtime_error("cannot open fixture " + name);
  std::stringstream text;
  text << in.rdbuf();
  return json::parse(text.str());
}

// read_fixture's file, read once per test program (the tests of a file share it).
inline const json& cached_fixture(const std::string& name) {
  static std::map<std::string, json> read;
  auto it = read.find(name);
  if (it == read.end()) it = read.emplace(name, read_fixture(name)).first;
  return it->second;
}

// A JSON array of rows ([[...], ...]) or of numbers (one column) as a Matrix; null reads as NaN
// (the fixture scripts write NaN as null).
inline Matrix matrix_of(const json& rows) {
  const Index n = static_cast<Index>(rows.size());
  const bool nested = n > 0 && rows[0].is_array();
  const Index p = nested ? static_cast<Index>(rows[0].size()) : 1;
  Matrix m(n, p);
  for (Index i = 0; i < n; ++i)
    for (Index j = 0; j < p; ++j) {
      const json& v = nested ? rows[i][j] : rows[i];
      m(i, j) = v.is_null() ? std::numeric_limits<double>::quiet_NaN() : v.get<double>();
    }
  return m;
}

// A method's or attribute's result as a Matrix: a scalar is 1 x 1, a vector one column.
inline Matrix as_matrix(const NdArray& a) {
  const Index rows = a.shape.empty() ? 1 : a.shape[0], cols = a.shape.size() == 2 ? a.shape[1] : 1;
  return Eigen::Map<const Matrix>(a.data.data(), rows, cols);
}

}  // namespace wasmlearn::test_support
