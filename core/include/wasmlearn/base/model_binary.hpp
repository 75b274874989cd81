// Models in binary: the model JSON document written as CBOR (RFC 8949) instead of text, for what
// pool workers exchange (bindings/js/pool.js). Decimal text of a grown forest's millions of doubles
// costs more to write and read than fitting it (WebAssembly's strtod does its arithmetic in software
// long doubles); CBOR holds them as their bits.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "wasmlearn/base/json.hpp"

namespace wasmlearn {

class AnyEstimator;

// While one is alive in this thread, the writers of a model's large arrays that support it (a tree's
// node arrays, Tree::to_json) store them as CBOR typed arrays (RFC 8746: little-endian int32, tag 78;
// float64, tag 86): their bytes, not one DOM node and one CBOR item per number. Their readers take
// either form. Only model_to_binary makes one: text JSON never holds typed arrays.
class PackedArrays {
 public:
  PackedArrays();
  ~PackedArrays();
  PackedArrays(const PackedArrays&) = delete;
  PackedArrays& operator=(const PackedArrays&) = delete;
  static bool active();
};

// An array for a model's JSON: a typed array while PackedArrays is active, else numbers.
json packable(const std::vector<std::int32_t>& values);
json packable(const std::vector<double>& values);
// A typed array's values when `j` is one of `size` values of type T; nothing when `j` is not a typed array.
// Throws InvalidArgument naming `field` when it is one of another type or size.
template <class T>
std::optional<std::vector<T>> unpacked(const json& j, const std::string& field, std::size_t size);

// The document in CBOR, non-finite numbers written as null as the text's dump writes them, so that
// reading it back gives the document the text gives.
std::vector<std::uint8_t> to_binary(json document);

// The model's document in CBOR, its large arrays packed (PackedArrays).
std::vector<std::uint8_t> model_to_binary(const AnyEstimator& model);

// Reads CBOR with the text's limits (kMaxJsonDepth, kMaxJsonBytes); `what` names it in the messages.
json parse_binary(const std::uint8_t* bytes, std::size_t size, const char* what);

// An ensemble fitted in slices joined into one model: the document of parts[0] with `params` and,
// as state[list], the members of every part in order (each part fitted some of the members, as the
// ensembles' firstEstimator option allows).
json join_members(std::vector<json> parts, const std::string& list, json params);

}  // namespace wasmlearn
