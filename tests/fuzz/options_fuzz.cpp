// libFuzzer target: the options parser of every estimator (params_from_json, as new Class(options)
// reaches it). Input: an estimator name, a newline, then options text. Options must be taken or
// refused with wasmlearn::Error, never crash; options taken must read back unchanged (getParams ->
// new estimator -> getParams). Seeds: tests/fuzz/corpus/options (each estimator's defaults).
#include <cstddef>
#include <cstdint>
#include <string>

#include "wasmlearn/base/any_estimator.hpp"

using namespace wasmlearn;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(reinterpret_cast<const char*>(data), size);
  const std::size_t newline = input.find('\n');
  if (newline == std::string::npos) return 0;
  json params;
  try {
    params = make_estimator(input.substr(0, newline), parse_json_text(input.substr(newline + 1), "options"))->get_params();
  } catch (const Error&) {
    return 0;
  }
  // What getParams gives must be accepted as options and give the same parameters back.
  if (make_estimator(input.substr(0, newline), params)->get_params() != params) __builtin_trap();
  return 0;
}
