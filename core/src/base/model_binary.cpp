#include "wasmlearn/base/model_binary.hpp"

#include <cmath>
#include <cstring>

#include "wasmlearn/base/any_estimator.hpp"

namespace wasmlearn {
namespace {

thread_local int packing = 0;
// RFC 8746's tags of little-endian typed arrays (WebAssembly and x86 are little-endian).
constexpr std::uint8_t kInt32Tag = 78, kFloat64Tag = 86;
template <class T>
constexpr std::uint8_t tag_of() {
  return std::is_same_v<T, double> ? kFloat64Tag : kInt32Tag;
}

template <class T>
json pack(const std::vector<T>& values) {
  if (!PackedArrays::active()) return values;
  std::vector<std::uint8_t> bytes(values.size() * sizeof(T));
  if (!values.empty()) std::memcpy(bytes.data(), values.data(), bytes.size());
  return json::binary(std::move(bytes), tag_of<T>());
}

void null_non_finite(json& j) {
  if (j.is_number_float() && !std::isfinite(j.get<double>())) j = nullptr;
  else if (j.is_structured())
    for (json& item : j) null_non_finite(item);
}

// nlohmann's DOM builder, refusing nesting past kMaxJsonDepth as it comes (the reader recurses).
class DepthLimitedBuilder : public nlohmann::detail::json_sax_dom_parser<json> {
  using Base = nlohmann::detail::json_sax_dom_parser<json>;

 public:
  DepthLimitedBuilder(json& root, const char* what) : Base(root), what_(what) {}
  bool start_object(std::size_t size) { return enter() && Base::start_object(size); }
  bool start_array(std::size_t size) { return enter() && Base::start_array(size); }
  bool end_object() { return --depth_, Base::end_object(); }
  bool end_array() { return --depth_, Base::end_array(); }

 private:
  bool enter() {
    if (++depth_ > kMaxJsonDepth)
      throw InvalidArgument(std::string(what_) + " is nested deeper than " + std::to_string(kMaxJsonDepth) + " levels");
    return true;
  }
  const char* what_;
  int depth_ = 0;
};

}  // namespace

PackedArrays::PackedArrays() { ++packing; }
PackedArrays::~PackedArrays() { --packing; }
bool PackedArrays::active() { return packing > 0; }

json packable(const std::vector<std::int32_t>& values) { return pack(values); }
json packable(const std::vector<double>& values) { return pack(values); }

template <class T>
std::optional<std::vector<T>> unpacked(const json& j, const std::string& field, std::size_t size) {
  if (!j.is_binary()) return std::nullopt;
  const json::binary_t& bytes = j.get_binary();
  if (!bytes.has_subtype() || bytes.subtype() != tag_of<T>() || bytes.size() != size * sizeof(T))
    throw InvalidArgument("binary model: " + field + " must be a typed array of " + std::to_string(size) +
                          (std::is_same_v<T, double> ? " float64" : " int32") + " values");
  std::vector<T> values(size);
  if (size) std::memcpy(values.data(), bytes.data(), bytes.size());
  return values;
}
template std::optional<std::vector<std::int32_t>> unpacked(const json&, const std::string&, std::size_t);
template std::optional<std::vector<double>> unpacked(const json&, const std::string&, std::size_t);

std::vector<std::uint8_t> model_to_binary(const AnyEstimator& model) {
  const PackedArrays packed;
  return to_binary(model.to_json());
}

std::vector<std::uint8_t> to_binary(json document) {
  null_non_finite(document);
  return json::to_cbor(document);
}

json parse_binary(const std::uint8_t* bytes, std::size_t size, const char* what) {
  if (size > kMaxJsonBytes)
    throw InvalidArgument(std::string(what) + " is " + std::to_string(size) + " bytes, past the limit of " + std::to_string(kMaxJsonBytes));
  json root;
  DepthLimitedBuilder builder(root, what);
  try {
    // The reader itself, not json::sax_parse, which refuses tags: typed arrays come as tagged bytes.
    using Reader = nlohmann::detail::binary_reader<json, nlohmann::detail::iterator_input_adapter<const std::uint8_t*>, DepthLimitedBuilder>;
    Reader reader(nlohmann::detail::input_adapter(bytes, bytes + size), json::input_format_t::cbor);
    reader.sax_parse(json::input_format_t::cbor, &builder, true, json::cbor_tag_handler_t::store);
  } catch (const json::exception&) {
    throw InvalidArgument(std::string(what) + " is not valid CBOR");
  }
  return root;
}

json join_members(std::vector<json> parts, const std::string& list, json params) {
  if (parts.empty()) throw InvalidArgument("join_members needs at least one part");
  const auto members_of = [&list](json& model) -> json& {
    const bool found = model.is_object() && model.contains("state") && model["state"].is_object() && model["state"].contains(list);
    if (!found || !model["state"][list].is_array()) throw InvalidArgument("model JSON: state." + list + " must be an array");
    return model["state"][list];
  };
  json joined = std::move(parts[0]);
  json& members = members_of(joined);
  for (std::size_t k = 1; k < parts.size(); ++k)
    for (json& member : members_of(parts[k])) members.push_back(std::move(member));
  joined["params"] = std::move(params);
  return joined;
}

}  // namespace wasmlearn
