// One declaration per estimator. `Describe<E>` names the estimator, its family, a one-line doc,
// what it is (classifier, regressor, ...), its hyper-parameters and its fitted attributes. From that
// single description the generic code validates options, reads/writes them as JSON, exports the
// metadata that the TypeScript declarations, the docs table and the playground are generated from,
// and exposes the estimator to JavaScript (see any_estimator.hpp) with no per-estimator glue.
//
//   template <> struct Describe<KNeighborsClassifier> {
//     static constexpr const char* name = "KNeighborsClassifier";
//     static constexpr const char* family = "neighbors";
//     static constexpr const char* doc = "Vote among the k nearest training samples";
//     static constexpr Kind kind = Kind::classifier;
//     static auto params() { using P = KNeighborsClassifier::Params; return std::make_tuple(
//         param("nNeighbors", &P::n_neighbors, "neighbours that vote", at_least(1)),
//         param("weights", &P::weights, "how votes are weighted", {{"uniform", Weights::uniform}, ...})); }
//     static auto attributes() { return std::make_tuple(
//         attribute("nFeaturesIn", &KNeighborsClassifier::n_features_in, "number of columns seen in fit")); }
//   };
//
// An estimator whose sums reach powers of X's values (squared distances, variances, kernels, XᵀX)
// declares `static constexpr FeaturePower feature_power = {2, FeaturePower::at_every_method};`, or a
// function of the estimator, `static FeaturePower feature_power(const E&)` (a metric's power): X past
// that power's range is then an Error (check_powers_in_range), not a wrong model.
#pragma once
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "wasmlearn/base/json.hpp"
#include "wasmlearn/base/validation.hpp"

namespace wasmlearn {

template <class E>
struct Describe;  // specialised once per estimator, next to it

enum class Kind { classifier, regressor, transformer, clusterer };

// The power of X's values an estimator's sums reach, and where: in the fit alone (a linear model's
// predictions are linear in X) or at every method too (distances, kernels, densities).
struct FeaturePower {
  enum Where { at_fit, at_every_method };
  double power;
  Where where;
};
inline const char* kind_name(Kind k) {
  switch (k) {
    case Kind::classifier: return "classifier";
    case Kind::regressor: return "regressor";
    case Kind::transformer: return "transformer";
    case Kind::clusterer: return "clusterer";
  }
  return "";
}

// Whether a method's values come back in single precision (JS: a Float32Array) when X is float32,
// as scikit-learn's estimators keep float32 input in float32: never (computed and returned in
// double); whenever X is (the scalers and feature maps: scikit-learn's result has X's dtype); or
// when the model was fitted on float32 too (PCA, k-means: their fitted arrays have the fit's dtype
// and numpy's products take the wider; an MLP trained in float32). The values are the double ones
// rounded to float, or an estimator's own float32 ones (an MLP's float32 forward pass). A
// declaration names its rules as `static constexpr Float32Results float32_results = {...}` (the
// transforms', in order) or `= float32_predict(...)` and the like.
enum class Float32Rule { never, x, fit_and_x };
inline const char* float32_rule_name(Float32Rule r) { return r == Float32Rule::x ? "x" : r == Float32Rule::fit_and_x ? "fitAndX" : "never"; }
struct Float32Results {
  Float32Rule transform = Float32Rule::never;
  Float32Rule inverse_transform = Float32Rule::never;
  Float32Rule predict = Float32Rule::never;        // a regressor's
  Float32Rule predict_proba = Float32Rule::never;
  Float32Rule decision_function = Float32Rule::never;
};
// The rules of one prediction method, the others never.
constexpr Float32Results float32_predict(Float32Rule r) {
  Float32Results f;
  f.predict = r;
  return f;
}
constexpr Float32Results float32_predict_proba(Float32Rule r) {
  Float32Results f;
  f.predict_proba = r;
  return f;
}
constexpr Float32Results float32_decision_function(Float32Rule r) {
  Float32Results f;
  f.decision_function = r;
  return f;
}

template <class T>
struct Choice {
  const char* name;
  T value;
};

namespace detail {
template <class T> struct unwrap_optional { using type = T; static constexpr bool nullable = false; };
template <class T> struct unwrap_optional<std::optional<T>> { using type = T; static constexpr bool nullable = true; };

inline std::string show(const json& v) { return v.dump(); }

}  // namespace detail

namespace detail {
template <class T> struct is_variant : std::false_type {};
template <class... A> struct is_variant<std::variant<A...>> : std::true_type {};
// The enum among a variant's alternatives (choices name its values); int when there is none.
template <class... A> struct first_enum { using type = int; };
template <class H, class... T> struct first_enum<H, T...> {
  using type = std::conditional_t<std::is_enum_v<H>, H, typename first_enum<T...>::type>;
};
template <class T> struct choice_type { using type = std::conditional_t<std::is_enum_v<T>, T, int>; };
template <class... A> struct choice_type<std::variant<A...>> { using type = typename first_enum<A...>::type; };
template <class T> struct has_integral : std::false_type {};
template <class... A> struct has_integral<std::variant<A...>> : std::bool_constant<(std::is_integral_v<A> || ...)> {};
}  // namespace detail

// A hyper-parameter. `Field` is bool, an integer, double, an enum (named by `choices`), std::string,
// json (an object of options), std::vector<double>, std::vector<std::string> (display names, e.g.
// classificationReport's targetNames), Matrix, or a std::variant of those (an option
// that takes several forms, e.g. 'sqrt' | an integer count | a fraction; the first alternative
// whose kind matches the value is used, integers before numbers), optionally in std::optional
// (then null means "not set"). Numbers are checked against `range`; a floating alternative of a
// variant that also has an integer one is checked against `real_range`.
template <class P, class Field>
struct Param {
  using Value = typename detail::unwrap_optional<Field>::type;
  using ChoiceValue = typename detail::choice_type<Value>::type;
  static constexpr bool nullable = detail::unwrap_optional<Field>::nullable;

  const char* name;
  Field P::*member;
  const char* doc;
  Range range{};
  std::vector<Choice<ChoiceValue>> choices{};
  Range real_range{};
  // Optional: extra words for a rejected choice, e.g. "a regression criterion: use
  // DecisionTreeRegressor" (empty: none). Set with .with_hint(f).
  std::string (*hint)(const std::string& rejected) = nullptr;
  // Its array form holds one value per class, in the order of the fitted classes (e.g. classWeight):
  // the JS layer then also takes an object keyed by label and maps it when y's labels are known
  // (metadata "perClass"). Set with .by_class().
  bool per_class = false;
  // Its values are class labels of any kind (numbers or strings), e.g. trainTestSplit's stratify: the JS
  // layer encodes them to codes before the core sees them (metadata "labels"). Set with .of_labels().
  bool labels = false;

  Param with_hint(std::string (*h)(const std::string&)) const {
    Param p = *this;
    p.hint = h;
    return p;
  }
  Param by_class() const {
    Param p = *this;
    p.per_class = true;
    return p;
  }
  Param of_labels() const {
    Param p = *this;
    p.labels = true;
    return p;
  }

  json get(const P& p) const {
    if constexpr (nullable) {
      const auto& f = p.*member;
      return f ? to_json_value(*f) : json(nullptr);
    } else {
      return to_json_value(p.*member);
    }
  }

  // Validates `v` against the type and constraint and stores it; the message names the option.
  void set(P& p, const json& v) const {
    if constexpr (nullable) {
      if (v.is_null()) { p.*member = std::nullopt; return; }
    }
    p.*member = parse(v);
  }

  // Checks a value already stored (a C++ caller's Params) against the same constraints as set(),
  // with the same wording.
  void check(const P& p) const {
    if constexpr (nullable) {
      if (p.*member) check_value(*(p.*member));
    } else {
      check_value(p.*member);
    }
  }

  Value parse(const json& v) const {
    if constexpr (detail::is_variant<Value>::value) {
      std::optional<Value> out;
      parse_alternatives(v, out, static_cast<Value*>(nullptr));
      if (!out) throw InvalidArgument(std::string(name) + " must be " + forms() + ", got " + detail::show(v));
      return *out;
    } else {
      return parse_one<Value>(v);
    }
  }

  json metadata(const P& defaults) const {
    json m = {{"name", name}, {"default", get(defaults)}, {"nullable", nullable}, {"doc", doc}};
    if constexpr (detail::is_variant<Value>::value) {
      m["type"] = "union";
      m["oneOf"] = alternatives_metadata(static_cast<Value*>(nullptr));
    } else {
      m.update(metadata_one<Value>());
    }
    if (per_class) m["perClass"] = true;
    if (labels) m["labels"] = true;
    return m;
  }

 private:
  template <class T>
  static constexpr bool is_real_alternative = std::is_floating_point_v<T> && detail::has_integral<Value>::value;

  template <class T>
  const Range& range_for() const {
    if constexpr (is_real_alternative<T>) return real_range;
    else return range;
  }

  template <class T>
  static const char* type_name() {
    if constexpr (std::is_same_v<T, bool>) return "boolean";
    else if constexpr (std::is_enum_v<T> || std::is_same_v<T, std::string>) return "string";
    else if constexpr (std::is_integral_v<T>) return "integer";
    else if constexpr (std::is_floating_point_v<T>) return "number";
    else if constexpr (std::is_same_v<T, json>) return "object";
    else if constexpr (std::is_same_v<T, std::vector<double>>) return "array";
    else if constexpr (std::is_same_v<T, std::vector<std::string>>) return "strings";
    else return "matrix";
  }

  template <class T>
  static bool kind_matches(const json& v) {
    if constexpr (std::is_same_v<T, bool>) return v.is_boolean();
    else if constexpr (std::is_enum_v<T> || std::is_same_v<T, std::string>) return v.is_string();
    else if constexpr (std::is_integral_v<T>) return v.is_number() && std::floor(v.get<double>()) == v.get<double>();
    else if constexpr (std::is_floating_point_v<T>) return v.is_number();
    else if constexpr (std::is_same_v<T, json>) return v.is_object();
    else if constexpr (std::is_same_v<T, std::vector<double>>) return v.is_array() && (v.empty() || !v[0].is_array());
    else if constexpr (std::is_same_v<T, std::vector<std::string>>) return v.is_array();
    else return v.is_array() && !v.empty() && v[0].is_array();
  }

  std::string choices_text() const {
    std::string valid;
    for (const auto& c : choices) valid += std::string(valid.empty() ? "" : ", ") + "'" + c.name + "'";
    return valid;
  }

  template <class T>
  std::string form() const {
    if constexpr (std::is_enum_v<T>) return "one of " + choices_text();
    else if constexpr (std::is_same_v<T, bool>) return "true or false";
    else if constexpr (std::is_same_v<T, std::string>) return "a string";
    else if constexpr (std::is_same_v<T, json>) return "an object";
    else if constexpr (std::is_same_v<T, std::vector<double>>) return "an array of numbers";
    else if constexpr (std::is_same_v<T, std::vector<std::string>>) return "an array of strings";
    else if constexpr (std::is_same_v<T, Matrix>) return "an array of rows (number[][])";
    else {
      const Range& r = range_for<T>();
      const bool bounded = std::isfinite(r.lo) || std::isfinite(r.hi);
      return std::string(std::is_integral_v<T> ? "an integer" : "a number") + (bounded ? " " + range_text(r) : "");
    }
  }

  std::string forms() const {
    std::string all;
    std::apply([&](auto*... alt) { ((all += (all.empty() ? "" : ", or ") + form<std::remove_pointer_t<decltype(alt)>>()), ...); },
               alternative_pointers(static_cast<Value*>(nullptr)));
    return nullable ? all + ", or null" : all;
  }

  template <class... A>
  static std::tuple<A*...> alternative_pointers(std::variant<A...>*) { return {}; }
  template <class T>
  static std::tuple<T*> alternative_pointers(T*) { return {}; }

  template <class... A>
  void parse_alternatives(const json& v, std::optional<Value>& out, std::variant<A...>*) const {
    // Integers first, so that 3 is a count where an integer alternative exists.
    auto try_one = [&](auto* alt, bool integers_pass) {
      using T = std::remove_pointer_t<decltype(alt)>;
      constexpr bool is_integer = std::is_integral_v<T> && !std::is_same_v<T, bool>;
      if (out || is_integer != integers_pass) return;
      if (kind_matches<T>(v)) out = Value(parse_one<T>(v));
    };
    (try_one(static_cast<A*>(nullptr), true), ...);
    (try_one(static_cast<A*>(nullptr), false), ...);
  }

  void check_value(const Value& v) const {
    if constexpr (detail::is_variant<Value>::value) std::visit([&](const auto& x) { check_one(x); }, v);
    else check_one(v);
  }

  template <class T>
  void check_one(const T& v) const {
    const std::string n = name;
    if constexpr (std::is_enum_v<T>) {
      for (const auto& c : choices)
        if (c.value == v) return;
      throw InvalidArgument(n + " must be one of " + choices_text() + ", got another value");
    } else if constexpr (std::is_same_v<T, std::vector<double>>) {
      for (std::size_t i = 0; i < v.size(); ++i) check_number(v[i], n + "[" + std::to_string(i) + "]", Range{}, format_number(v[i]));
    } else if constexpr (std::is_same_v<T, Matrix>) {
      for (Index i = 0; i < v.rows(); ++i)
        for (Index j = 0; j < v.cols(); ++j)
          check_number(v(i, j), n + "[" + std::to_string(i) + "][" + std::to_string(j) + "]", Range{}, format_number(v(i, j)));
    } else if constexpr ((std::is_integral_v<T> || std::is_floating_point_v<T>) && !std::is_same_v<T, bool>) {
      check_number(static_cast<double>(v), n, range_for<T>(), format_number(static_cast<double>(v)));
    }
  }

  static void check_number(double x, const std::string& n, const Range& r, const std::string& shown) {
    if (!std::isfinite(x) || x < r.lo || x > r.hi || (r.lo_open && x == r.lo) || (r.hi_open && x == r.hi))
      throw InvalidArgument(n + " must be " + range_text(r) + ", got " + shown);
  }

  template <class T>
  T parse_one(const json& v) const {
    const std::string n = name;
    if constexpr (std::is_same_v<T, bool>) {
      if (!v.is_boolean()) throw InvalidArgument(n + " must be true or false, got " + detail::show(v));
      return v.get<bool>();
    } else if constexpr (std::is_enum_v<T>) {
      if (v.is_string())
        for (const auto& c : choices)
          if (v.get<std::string>() == c.name) return c.value;
      const std::string extra = hint && v.is_string() ? hint(v.get<std::string>()) : std::string();
      throw InvalidArgument(n + " must be one of " + choices_text() + ", got " + detail::show(v) +
                            (extra.empty() ? "" : " (" + extra + ")"));
    } else if constexpr (std::is_same_v<T, std::string>) {
      if (!v.is_string()) throw InvalidArgument(n + " must be a string, got " + detail::show(v));
      return v.get<std::string>();
    } else if constexpr (std::is_same_v<T, json>) {
      if (!v.is_object()) throw InvalidArgument(n + " must be an object, got " + detail::show(v));
      return v;
    } else if constexpr (std::is_same_v<T, std::vector<double>>) {
      if (!kind_matches<T>(v)) throw InvalidArgument(n + " must be an array of numbers, got " + detail::show(v));
      std::vector<double> out;
      for (const auto& x : v) out.push_back(parse_number<double>(x, n + "[" + std::to_string(out.size()) + "]"));
      return out;
    } else if constexpr (std::is_same_v<T, std::vector<std::string>>) {
      if (!kind_matches<T>(v)) throw InvalidArgument(n + " must be an array of strings, got " + detail::show(v));
      std::vector<std::string> out;
      for (const auto& x : v) {
        if (!x.is_string())
          throw InvalidArgument(n + "[" + std::to_string(out.size()) + "] must be a string, got " + detail::show(x));
        out.push_back(x.get<std::string>());
      }
      return out;
    } else if constexpr (std::is_same_v<T, Matrix>) {
      if (!kind_matches<T>(v)) throw InvalidArgument(n + " must be an array of rows (number[][]), got " + detail::show(v));
      const std::size_t cols = v[0].size();
      Matrix out(static_cast<Index>(v.size()), static_cast<Index>(cols));
      for (std::size_t i = 0; i < v.size(); ++i) {
        if (!v[i].is_array() || v[i].size() != cols)
          throw InvalidArgument(n + " is ragged: row " + std::to_string(i) + " does not have " + std::to_string(cols) + " values");
        for (std::size_t j = 0; j < cols; ++j)
          out(static_cast<Index>(i), static_cast<Index>(j)) =
              parse_number<double>(v[i][j], n + "[" + std::to_string(i) + "][" + std::to_string(j) + "]", Range{});
      }
      return out;
    } else {
      return parse_number<T>(v, n, range_for<T>());
    }
  }

  template <class T>
  static T parse_number(const json& v, const std::string& n, const Range& r = Range{}) {
    if (!v.is_number())
      throw InvalidArgument(n + " must be a" + (std::is_integral_v<T> ? "n integer" : " number") + ", got " + detail::show(v));
    const double x = v.get<double>();
    if constexpr (std::is_integral_v<T>) return integer_argument<T>(x, n, r);
    check_number(x, n, r, detail::show(v));
    return static_cast<T>(x);
  }

  json to_json_value(const Value& v) const {
    if constexpr (detail::is_variant<Value>::value) return std::visit([&](const auto& x) { return to_json_one(x); }, v);
    else return to_json_one(v);
  }

  template <class T>
  json to_json_one(const T& v) const {
    if constexpr (std::is_enum_v<T>) {
      for (const auto& c : choices)
        if (c.value == v) return c.name;
      return nullptr;
    } else if constexpr (std::is_same_v<T, Matrix>) {
      json rows = json::array();
      for (Index i = 0; i < v.rows(); ++i) rows.push_back(std::vector<double>(v.row(i).data(), v.row(i).data() + v.cols()));
      return rows;
    } else {
      return v;
    }
  }

  template <class T>
  json metadata_one() const {
    json m = {{"type", type_name<T>()}};
    if constexpr (std::is_enum_v<T>) {
      json values = json::array();
      for (const auto& c : choices) values.push_back(c.name);
      m["values"] = values;
    } else if constexpr (std::is_integral_v<T> || std::is_floating_point_v<T>) {
      if constexpr (!std::is_same_v<T, bool>) {
        const Range& r = range_for<T>();
        if (std::isfinite(r.lo)) m[r.lo_open ? "exclusiveMinimum" : "minimum"] = r.lo;
        if (std::isfinite(r.hi)) m[r.hi_open ? "exclusiveMaximum" : "maximum"] = r.hi;
      }
    }
    return m;
  }

  template <class... A>
  json alternatives_metadata(std::variant<A...>*) const {
    return json::array({metadata_one<A>()...});
  }
};

template <class P, class Field>
Param<P, Field> param(const char* name, Field P::*member, const char* doc, Range range = {}) {
  return {name, member, doc, range, {}, {}, nullptr, false, false};
}
template <class P, class Field, class V = typename detail::choice_type<typename detail::unwrap_optional<Field>::type>::type>
Param<P, Field> param(const char* name, Field P::*member, const char* doc, std::vector<Choice<V>> choices,
                      Range range = {}, Range real_range = {}) {
  return {name, member, doc, range, std::move(choices), real_range, nullptr, false, false};
}

// A rule between options that no single range or choice can say (e.g. oobScore requires bootstrap).
// `text` is what must hold, worded as the error reports it. Checked by check_params at fit, after
// each option's own range, and listed in the metadata ("rules").
template <class P>
struct Rule {
  const char* text;
  bool (*holds)(const P&);
};
template <class P>
Rule<P> rule(const char* text, bool (*holds)(const P&)) {
  return {text, holds};
}

// What a fitted attribute is, whatever its name, so that views pick attributes from the metadata
// rather than guess names (as scikit-learn's estimator tags say what an estimator is).
enum class Role {
  none,
  centres,             // cluster centres (k x p): KMeans.clusterCenters, GaussianMixture.means
  class_means,         // one mean per class (k x p)
  covariances,         // covariance of each centre or class, stacked, or one shared (p x p)
  variances,           // per centre or class and feature (k x p)
  components,          // projection axes (label: their short name, e.g. "PC")
  explained_variance,  // fraction of the variance along each component
  objective_history,   // the fit's objective per iteration (label: the objective's name)
  support_vectors,     // the training samples a kernel model keeps
};
inline const char* role_name(Role r) {
  switch (r) {
    case Role::none: return "";
    case Role::centres: return "centres";
    case Role::class_means: return "classMeans";
    case Role::covariances: return "covariances";
    case Role::variances: return "variances";
    case Role::components: return "components";
    case Role::explained_variance: return "explainedVariance";
    case Role::objective_history: return "objectiveHistory";
    case Role::support_vectors: return "supportVectors";
  }
  return "";
}

// A fitted attribute: a const member function returning a number, a Vector, an IntVector or a Matrix.
// A dotted name ("tree.feature") groups attributes into one JS object (model.tree.feature).
// `per_output`: its first axis is the regression target; it is dropped when y was one-dimensional
// (as scikit-learn's coef_ is (n_features,) for a 1-D y and (n_targets, n_features) otherwise).
// `.as(role, label)` says what it is (metadata "role", and "label": the short name a view prints).
template <class E, class Getter>
struct Attribute {
  const char* name;
  Getter getter;
  const char* doc;
  bool per_output;
  Role role = Role::none;
  const char* label = nullptr;

  Attribute as(Role r, const char* short_name = nullptr) const {
    Attribute a = *this;
    a.role = r;
    a.label = short_name;
    return a;
  }
  json metadata() const {
    json m = {{"name", name}, {"doc", doc}};
    if (role != Role::none) m["role"] = role_name(role);
    if (label) m["label"] = label;
    return m;
  }
};
template <class E, class R>
Attribute<E, R (E::*)() const> attribute(const char* name, R (E::*getter)() const, const char* doc,
                                         bool per_output = false) {
  return {name, getter, doc, per_output};
}

// Several named arrays returned by one method (e.g. costComplexityPruningPath -> ccpAlphas and
// impurities); becomes a plain JS object.
struct NamedArrays {
  std::vector<std::pair<std::string, NdArray>> items;
};

// What a module function (function.hpp) or a method returning NamedArrays gives back, declared once:
// the metadata lists it ("results") and the TypeScript types and the docs name it.
enum class ResultKind {
  number,      // a JS number
  vector,      // Float64Array
  int_vector,  // Int32Array
  matrix,      // DenseMatrix
  strings,     // string[]
  array,       // a number, a Float64Array or a DenseMatrix, by the shape the core returns (a score
               // averaged or given per class)
  json,        // a JSON value (text or an object), as the core writes it
  indices,     // row indices into the `rows` and `entries` arguments; the JS layer returns those rows, named
               // by the argument and the result (X and "train" give XTrain)
};

struct ResultDecl {
  const char* name;  // "" for the one value a function returns
  ResultKind kind;
  const char* doc;
};
namespace detail {
const char* result_kind_name(ResultKind k);
}  // namespace detail

// An estimator-specific method beyond the standard ones (apply, getDepth, aic, sample, ...):
// a const member function taking (), (MatrixRef X), (MatrixRef X, MatrixRef Y) or (int n), and
// returning a number, a Vector/IntVector/Matrix, or NamedArrays. For a classifier, Y holds class
// codes as an n x 1 column (the JS layer encodes labels with the fitted classes, or fresh ones
// when the method is declared with `fits` = true, as costComplexityPruningPath, which fits anew).
// The standard methods (standard_methods.hpp) take their arguments in these forms too, and two more:
// X with an optional number of neighbours (kneighbors), X with an optional radius (radiusNeighbors).
enum class MethodArgs { none, X, X_y, count, X_neighbors, X_radius };
template <class E, class F>
struct Method {
  const char* name;
  F function;
  const char* doc;
  bool needs_fit;  // false: callable on an unfitted model (it fits a copy of its own)
  std::vector<ResultDecl> results = {};  // a NamedArrays method's arrays, in the order it returns them
  bool float32 = false;  // the single-precision twin of the method of the same name (JS: { dtype: 'float32' })

  // Declares the arrays a NamedArrays method returns (every such method must). One entry named ""
  // declares arrays keyed "0", "1", ... (a list in scikit-learn: one per layer), all of its kind.
  Method returns(std::vector<ResultDecl> named) const {
    Method m = *this;
    m.results = std::move(named);
    return m;
  }
  // Declares this method (of X, returning a float32 NdArray) as the single-precision twin of the one
  // of the same name declared before it.
  Method in_float32() const {
    Method m = *this;
    m.float32 = true;
    return m;
  }
};
template <class E, class R>
Method<E, R (E::*)() const> method(const char* name, R (E::*f)() const, const char* doc) {
  return {name, f, doc, true};
}
template <class E, class R>
Method<E, R (E::*)(MatrixRef) const> method(const char* name, R (E::*f)(MatrixRef) const, const char* doc) {
  return {name, f, doc, true};
}
template <class E, class R>
Method<E, R (E::*)(MatrixRef, MatrixRef) const> method(const char* name, R (E::*f)(MatrixRef, MatrixRef) const,
                                                       const char* doc, bool needs_fit = true) {
  return {name, f, doc, needs_fit};
}
template <class E, class R>
Method<E, R (E::*)(int) const> method(const char* name, R (E::*f)(int) const, const char* doc) {
  return {name, f, doc, true};
}
template <class F> struct method_args;
template <class E, class R> struct method_args<R (E::*)() const> { static constexpr MethodArgs value = MethodArgs::none; };
template <class E, class R> struct method_args<R (E::*)(MatrixRef) const> { static constexpr MethodArgs value = MethodArgs::X; };
template <class E, class R> struct method_args<R (E::*)(MatrixRef, MatrixRef) const> { static constexpr MethodArgs value = MethodArgs::X_y; };
template <class E, class R> struct method_args<R (E::*)(int) const> { static constexpr MethodArgs value = MethodArgs::count; };
inline const char* method_args_name(MethodArgs a) {
  switch (a) {
    case MethodArgs::none: return "none";
    case MethodArgs::X: return "X";
    case MethodArgs::X_y: return "Xy";
    case MethodArgs::count: return "count";
    case MethodArgs::X_neighbors: return "X,nNeighbors?";
    case MethodArgs::X_radius: return "X,radius?";
  }
  return "";
}

// A declaration without fitted attributes or extra methods may leave out attributes()/methods().
namespace detail {
template <class D, class = void> struct has_attributes : std::false_type {};
template <class D> struct has_attributes<D, std::void_t<decltype(D::attributes())>> : std::true_type {};
template <class D, class = void> struct has_rules : std::false_type {};
template <class D> struct has_rules<D, std::void_t<decltype(D::rules())>> : std::true_type {};
template <class D, class = void> struct has_methods : std::false_type {};
template <class D> struct has_methods<D, std::void_t<decltype(D::methods())>> : std::true_type {};
}  // namespace detail
template <class D>
auto declared_attributes() {
  if constexpr (detail::has_attributes<D>::value) return D::attributes();
  else return std::tuple<>();
}
template <class D>
auto declared_rules() {
  if constexpr (detail::has_rules<D>::value) return D::rules();
  else return std::tuple<>();
}
namespace detail {
template <class D, class = void> struct has_float32_results : std::false_type {};
template <class D> struct has_float32_results<D, std::void_t<decltype(D::float32_results)>> : std::true_type {};
}  // namespace detail
template <class D>
constexpr Float32Results declared_float32_results() {
  if constexpr (detail::has_float32_results<D>::value) return D::float32_results;
  else return {};
}
template <class D>
auto declared_methods() {
  if constexpr (detail::has_methods<D>::value) return D::methods();
  else return std::tuple<>();
}

// ---- generic operations on a declaration -------------------------------------------------------

template <class Tuple, class F>
void for_each_in(const Tuple& t, F&& f) {
  std::apply([&](const auto&... x) { (f(x), ...); }, t);
}

template <class E>
std::string option_names() {
  std::string names;
  for_each_in(Describe<E>::params(), [&](const auto& p) { names += std::string(names.empty() ? "" : ", ") + p.name; });
  return names;
}

// Builds a Params struct from a JSON object of camelCase options; unknown keys and bad values throw.
template <class E>
typename E::Params params_from_json(const json& options) {
  typename E::Params p{};
  if (options.is_null()) return p;
  if (!options.is_object())
    throw InvalidArgument(std::string(Describe<E>::name) + " options must be an object, got " + options.dump());
  for (auto it = options.begin(); it != options.end(); ++it) {
    bool known = false;
    for_each_in(Describe<E>::params(), [&](const auto& p_decl) {
      if (it.key() == p_decl.name) { p_decl.set(p, it.value()); known = true; }
    });
    if (!known)
      throw InvalidArgument("Unknown option '" + it.key() + "' for " + Describe<E>::name + "; valid options: " +
                            option_names<E>());
  }
  return p;
}

// The one parameter check, generated from the declaration: every declared range and choice (in the
// wording of params_from_json), then the declared rules between options. Each estimator's fit calls
// it first, as scikit-learn's _fit_context checks _parameter_constraints, so C++ callers that fill
// Params by hand get the checks JS callers get.
template <class E>
void check_params(const typename E::Params& p) {
  // Built once: the declarations hold strings and lists, and every fit checks its options.
  static const auto params = Describe<E>::params();
  static const auto rules = declared_rules<Describe<E>>();
  for_each_in(params, [&](const auto& p_decl) { p_decl.check(p); });
  for_each_in(rules, [&](const auto& r) {
    if (!r.holds(p)) throw InvalidArgument(r.text);
  });
}

template <class E>
json params_to_json(const typename E::Params& p) {
  json out = json::object();
  for_each_in(Describe<E>::params(), [&](const auto& p_decl) { out[p_decl.name] = p_decl.get(p); });
  return out;
}

}  // namespace wasmlearn
