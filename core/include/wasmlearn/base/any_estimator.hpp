// A type-erased estimator built from a Describe<E> declaration, so that the JavaScript binding (and
// anything else that works by name) needs no per-estimator code. An estimator E provides:
//   struct Params { ... };  explicit E(Params);  const Params& params() const;
//   classifier:  fit(MatrixRef X, IntVectorRef y)   predict(X) -> IntVector   [predict_proba(X) -> Matrix]
//   regressor:   fit(MatrixRef X, MatrixRef Y)      predict(X) -> Matrix (n x outputs)
//   transformer: fit(MatrixRef X)                   transform(X) -> Matrix  [inverse_transform(X)]
//   clusterer:   fit(MatrixRef X)                   predict(X) -> IntVector
//   weighted:    the fit above with one more argument, VectorRef sample_weight (checked with
//                check_sample_weight); without it, fitting with weights throws
//   optional:    the members of the standard methods (standard_methods.hpp: predict_proba,
//                decision_function, score_samples, kneighbors, ...), const Warnings& warnings() const,
//                classifier: fit_multilabel(X, MatrixRef Y) and predict_multilabel(X) for a 0/1
//                indicator y (fit with y_is_vector false)
//   always:      bool is_fitted() const;  json state() const;  void load_state(const json&)
#pragma once
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "wasmlearn/base/describe.hpp"
#include "wasmlearn/base/method_availability.hpp"
#include "wasmlearn/base/standard_methods.hpp"

namespace wasmlearn {

constexpr const char* kModelFormat = "wasmlearn-model";
constexpr int kModelVersion = 1;

class AnyEstimator {
 public:
  virtual ~AnyEstimator() = default;
  virtual const char* name() const = 0;
  virtual Kind kind() const = 0;
  // JS method names ("predictProba", ...): whether this instance has the method now, its declared
  // availability included (SVC without probability has no predictProba).
  virtual bool supports(const std::string& method) const = 0;

  // Y: n x outputs (regressor), n x 1 class codes (classifier), ignored for unsupervised estimators.
  // y_is_vector: y was 1-D, so per-output results and attributes drop their output axis.
  // sample_weight: null for none; an estimator whose fit takes no weights throws when given some.
  virtual void fit(MatrixRef X, MatrixRef Y, bool y_is_vector, const Vector* sample_weight = nullptr) = 0;
  // For the next fits; a no-op for estimators that do not report progress ("progress" in supports()).
  virtual void set_progress(ProgressHook hook) = 0;
  // Read by a progress hook during its call: the step's named numbers (an MLP epoch's loss and
  // validation score), none for most estimators.
  virtual NamedArrays progress_values() const = 0;
  // Whether the X of the next calls is float32 (a Float32Array): estimators that keep float32 input
  // in float32, as scikit-learn's MLPs, train (and then predict) in single precision; a no-op for the others.
  virtual void set_float32_input(bool float32) = 0;
  // Whether the model's last fit (or partialFit) was given a float32 X, for the estimators whose
  // results depend on it (a Float32Rule::fit_and_x in their declaration); false for the others.
  virtual bool fitted_on_float32() const = 0;
  virtual NdArray attribute(const std::string& name) const = 0;
  // A method by its id (standard_methods.hpp: a standard one's place in the table, then the
  // declared ones): Arguments it does not take are ignored. Y: as for fit. number: nNeighbors,
  // radius or count; NaN when not given. A single unnamed result is named "".
  virtual NamedArrays call(int method, MatrixRef X, MatrixRef Y = Matrix(), double number = std::nan("")) const = 0;
  // A method that changes the model (a declared update method: partialFit) by its id; Y and
  // y_is_vector as for fit, number: the count of classes (NaN when not given).
  virtual void update(int method, MatrixRef X, MatrixRef Y, bool y_is_vector, double number) = 0;
  // The id of a method by its JS name; -1 when the estimator has no such method.
  virtual int method_id(const std::string& method) const = 0;
  // The same by name, for callers outside tight loops.
  NamedArrays call(const std::string& method, MatrixRef X, MatrixRef Y = Matrix(), double number = std::nan("")) const;
  virtual json get_params() const = 0;
  virtual void set_params(const json& options) = 0;  // merges, validates; a fitted model stays fitted
  virtual Warnings warnings() const = 0;
  virtual json to_json() const = 0;

  // For C++ callers (meta-estimators, tests, the bench): the standard methods through call().
  NdArray predict(MatrixRef X) const { return single(call(standard_method_id<methods::Predict>(), X)); }
  Matrix predict_proba(MatrixRef X) const { return matrix_of(single(call(standard_method_id<methods::PredictProba>(), X))); }
  NdArray decision_function(MatrixRef X) const { return single(call(standard_method_id<methods::DecisionFunction>(), X)); }
  Matrix transform(MatrixRef X) const { return matrix_of(single(call(standard_method_id<methods::Transform>(), X))); }
  Matrix inverse_transform(MatrixRef X) const {
    return matrix_of(single(call(standard_method_id<methods::InverseTransform>(), X)));
  }
  double score(MatrixRef X, MatrixRef Y) const { return single(call(standard_method_id<methods::Score>(), X, Y)).data.at(0); }

 private:
  static NdArray single(NamedArrays r) { return std::move(r.items.at(0).second); }
  static Matrix matrix_of(const NdArray& a) { return Eigen::Map<const Matrix>(a.data.data(), a.shape.at(0), a.shape.at(1)); }
};

std::unique_ptr<AnyEstimator> make_estimator(const std::string& name, const json& options);
std::unique_ptr<AnyEstimator> estimator_from_json(const json& model);
// [{name, family, doc, kind, methods: [...], fitOptions: [...], params: [...], attributes: [...]}, ...]
json estimators_metadata();

// ---- the adapter -------------------------------------------------------------------------------
namespace detail {
template <class E, class = void> struct has_set_progress : std::false_type {};
template <class E> struct has_set_progress<E, std::void_t<decltype(std::declval<E&>().set_progress(ProgressHook()))>> : std::true_type {};
template <class E, class = void> struct has_set_float32_input : std::false_type {};
template <class E> struct has_set_float32_input<E, std::void_t<decltype(std::declval<E&>().set_float32_input(true))>> : std::true_type {};
template <class E, class = void> struct has_trained_in_float32 : std::false_type {};
template <class E> struct has_trained_in_float32<E, std::void_t<decltype(std::declval<const E&>().trained_in_float32())>> : std::true_type {};
template <class E, class = void> struct has_progress_values : std::false_type {};
template <class E> struct has_progress_values<E, std::void_t<decltype(std::declval<const E&>().progress_values())>> : std::true_type {};
// fit(X, target, sample_weight), Target being the kind's target (IntVectorRef, MatrixRef), or
// fit(X, sample_weight) when Target is void (transformers, clusterers).
template <class E, class Target, class = void> struct has_weighted_fit : std::false_type {};
template <class E, class Target> struct has_weighted_fit<E, Target, std::void_t<decltype(std::declval<E&>().fit(std::declval<MatrixRef>(), std::declval<Target>(), std::declval<VectorRef>()))>> : std::true_type {};
template <class E> struct has_weighted_fit<E, void, std::void_t<decltype(std::declval<E&>().fit(std::declval<MatrixRef>(), std::declval<VectorRef>()))>> : std::true_type {};
template <class F> struct returns;
template <class E, class R, class... Args> struct returns<R (E::*)(Args...) const> { using type = R; };
template <class E, class = void> struct has_fit_multilabel : std::false_type {};
template <class E> struct has_fit_multilabel<E, std::void_t<decltype(std::declval<E&>().fit_multilabel(std::declval<MatrixRef>(), std::declval<MatrixRef>()))>> : std::true_type {};
template <class E, class = void> struct has_warnings : std::false_type {};
template <class E> struct has_warnings<E, std::void_t<decltype(std::declval<const E&>().warnings())>> : std::true_type {};
template <class E, class = void> struct has_n_classes : std::false_type {};
template <class E> struct has_n_classes<E, std::void_t<decltype(std::declval<const E&>().n_classes())>> : std::true_type {};
// The power of X's values an estimator's sums reach (check_powers_in_range): its declaration's
// feature_power, a FeaturePower or a function of the estimator (its options); none when not declared.
template <class D, class = void> struct has_fixed_feature_power : std::false_type {};
template <class D> struct has_fixed_feature_power<D, std::enable_if_t<std::is_same_v<std::decay_t<decltype(D::feature_power)>, FeaturePower>>> : std::true_type {};
template <class D, class E, class = void> struct has_feature_power_of : std::false_type {};
template <class D, class E> struct has_feature_power_of<D, E, std::void_t<decltype(D::feature_power(std::declval<const E&>()))>> : std::true_type {};
// The labels a saved classifier carries (the JS layer's `labels`, when the model has them) must name
// one class per class of its fitted state, else predictions would decode to no label.
void check_saved_labels(const json& model, int n_classes);
// A standard method's result for a finite X (every method checks X) holds only finite values, unless
// the estimator warned about the data (RadiusNeighborsRegressor's NaN for a query with no neighbour);
// else values near the float64 limit overflowed, and that is an Error naming the method, never a
// silent Infinity or NaN. With `infinity_allowed` (scoreSamples, and the declared methods: a
// log-density or log-probability of -Infinity is a true value) only NaN is.
void check_finite_result(const NamedArrays& result, const char* method, const Warnings& warnings,
                         bool infinity_allowed = false);
// A NamedArrays method returns the arrays its declaration names (Method::returns), in that order, so
// that the metadata and the TypeScript types generated from it cannot disagree with it.
void check_declared_results(const NamedArrays& result, const std::vector<ResultDecl>& declared, const char* method);

inline NdArray to_ndarray(double v) { return NdArray::scalar(v); }
inline NdArray to_ndarray(int v) { return NdArray::scalar(v); }
inline NdArray to_ndarray(long v) { return NdArray::scalar(static_cast<double>(v)); }
inline NdArray to_ndarray(long long v) { return NdArray::scalar(static_cast<double>(v)); }
inline NdArray to_ndarray(bool v) { return NdArray::scalar(v ? 1 : 0); }
template <class T> NdArray to_ndarray(const T& v) { return NdArray::from(v); }
// A single array named "", moved in (a braced list would copy it: its elements are const).
inline NamedArrays named_single(NdArray a) {
  NamedArrays out;
  out.items.emplace_back("", std::move(a));
  return out;
}
// A method's result as named arrays; a single array is named "".
template <class T> NamedArrays to_named(T&& v) {
  if constexpr (std::is_same_v<std::decay_t<T>, NamedArrays>) return std::forward<T>(v);
  else if constexpr (std::is_same_v<std::decay_t<T>, NdArray>) return named_single(std::forward<T>(v));
  else return named_single(to_ndarray(v));
}
[[noreturn]] void throw_unsupported(const char* estimator, const char* method);
std::string method_name(int id);  // a standard method's JS name, or "method <id>"
[[noreturn]] void throw_no_sample_weight(const char* estimator);
}  // namespace detail

template <class E>
class Adapter final : public AnyEstimator {
  using D = Describe<E>;
  using FitTarget = std::conditional_t<D::kind == Kind::classifier, IntVectorRef,
                                       std::conditional_t<D::kind == Kind::regressor, MatrixRef, void>>;
  static constexpr bool kWeighted = detail::has_weighted_fit<E, FitTarget>::value;
  // Whether the adapter keeps the fit's precision (for a fitAndX rule), unless the estimator does
  // (an MLP knows whether it trained in float32: lbfgs does not).
  static constexpr bool kRemembersFloat32Fit = !detail::has_trained_in_float32<E>::value && [] {
    constexpr Float32Results r = declared_float32_results<D>();
    return r.transform == Float32Rule::fit_and_x || r.inverse_transform == Float32Rule::fit_and_x ||
           r.predict == Float32Rule::fit_and_x || r.predict_proba == Float32Rule::fit_and_x ||
           r.decision_function == Float32Rule::fit_and_x;
  }();

 public:
  explicit Adapter(const json& options) : est_(params_from_json<E>(options)) {}

  const char* name() const override { return D::name; }
  Kind kind() const override { return D::kind; }
  bool supports(const std::string& m) const override {
    return (method_id(m) >= 0 && unavailable_reason(est_, m).empty()) || (m == "progress" && detail::has_set_progress<E>::value) ||
           m == "fit";
  }
  int method_id(const std::string& m) const override {
    int id = -1, i = 0;
    for_each_standard_method([&](auto method) {
      if constexpr (has_standard_method<decltype(method), E>::value)
        if (m == method.spec.name) id = i;
      ++i;
    });
    for_each_in(declared_methods<D>(), [&](const auto& method) {
      if (m == method.name && !method.float32) id = i;
      ++i;
    });
    for_each_in(declared_update_methods<D>(), [&](const auto& method) {
      if (m == method.name) id = i;
      ++i;
    });
    return id;
  }
  static std::vector<std::string> methods() {
    std::vector<std::string> m = {"fit"};
    for_each_standard_method([&](auto method) {
      if constexpr (has_standard_method<decltype(method), E>::value) m.push_back(method.spec.name);
    });
    if constexpr (detail::has_set_progress<E>::value) m.push_back("progress");
    return m;
  }
  // The JS names of the options fit takes besides X and y.
  static std::vector<std::string> fit_options() {
    std::vector<std::string> o;
    if constexpr (kWeighted) o.push_back("sampleWeight");
    if constexpr (detail::has_set_progress<E>::value) o.push_back("onProgress");
    return o;
  }

  void fit(MatrixRef X, MatrixRef Y, bool y_is_vector, const Vector* sample_weight) override {
    if (X.size() == 0) check_matrix(X);  // "X is empty" before anything is said about y
    check_feature_range(X, FeaturePower::at_fit);
    if constexpr (D::kind == Kind::classifier || D::kind == Kind::regressor) check_same_rows(X.rows(), Y.rows());
    if constexpr (D::kind == Kind::classifier && detail::has_fit_multilabel<E>::value) {
      if (!y_is_vector) {
        if (sample_weight) detail::throw_no_sample_weight(D::name);
        est_.fit_multilabel(X, Y);
        y_is_vector_ = false;
        remember_fit_precision();
        return;
      }
    }
    if constexpr (D::kind == Kind::classifier) {
      fit_weighted(sample_weight, X, detail::class_codes_from(Y));
    } else if constexpr (D::kind == Kind::regressor) {
      if (X.rows() > 0) check_matrix(Y, "y");
      fit_weighted(sample_weight, X, Y);
    } else {
      fit_weighted(sample_weight, X);
    }
    y_is_vector_ = y_is_vector;
    remember_fit_precision();
  }

  void set_progress(ProgressHook hook) override {
    if constexpr (detail::has_set_progress<E>::value) est_.set_progress(std::move(hook));
  }
  void set_float32_input(bool float32) override {
    float32_input_ = float32;
    if constexpr (detail::has_set_float32_input<E>::value) est_.set_float32_input(float32);
  }
  bool fitted_on_float32() const override {
    if constexpr (detail::has_trained_in_float32<E>::value) return est_.trained_in_float32();
    else return fitted_float32_;
  }
  NamedArrays progress_values() const override {
    if constexpr (detail::has_progress_values<E>::value) return est_.progress_values();
    else return {};
  }

  NdArray attribute(const std::string& attr) const override {
    std::optional<NdArray> out;
    for_each_in(declared_attributes<D>(), [&](const auto& a) {
      if (attr != a.name) return;
      fitted(a.name);
      NdArray v = detail::to_ndarray((est_.*(a.getter))());
      out = a.per_output && y_is_vector_ ? detail::squeeze_outputs(std::move(v)) : std::move(v);
    });
    if (!out) throw InvalidArgument(std::string(D::name) + " has no attribute '" + attr + "'");
    return *std::move(out);
  }

  using AnyEstimator::call;
  NamedArrays call(int id, MatrixRef X, MatrixRef Y, double number) const override {
    check_feature_range(X, FeaturePower::at_every_method);
    std::optional<NamedArrays> out;
    const MethodCall inputs{X, Y, number, y_is_vector_};
    int i = 0;
    for_each_standard_method([&](auto method) {
      using M = decltype(method);
      if constexpr (has_standard_method<M, E>::value) {
        if (i == id) {
          check_available(est_, M::spec.name);
          fitted(M::spec.name);
          out = detail::to_named(M::template run<E>(est_, inputs));
          detail::check_finite_result(*out, M::spec.name, warnings(), std::is_same_v<M, methods::ScoreSamples>);
        }
      }
      ++i;
    });
    if (out) return *std::move(out);
    for_each_in(declared_methods<D>(), [&](const auto& m) {
      if (i++ != id) return;
      check_available(est_, m.name);
      if (m.needs_fit) fitted(m.name);
      constexpr MethodArgs args = method_args<decltype(m.function)>::value;
      if constexpr (args == MethodArgs::none) out = detail::to_named((est_.*(m.function))());
      else if constexpr (args == MethodArgs::X) out = detail::to_named((est_.*(m.function))(X));
      else if constexpr (args == MethodArgs::X_y) out = detail::to_named((est_.*(m.function))(X, Y));
      else out = detail::to_named((est_.*(m.function))(detail::required_count(number, m.name)));
      if constexpr (args == MethodArgs::X || args == MethodArgs::X_y) detail::check_finite_result(*out, m.name, warnings(), true);
      if constexpr (std::is_same_v<typename detail::returns<decltype(m.function)>::type, NamedArrays>)
        detail::check_declared_results(*out, m.results, m.name);
    });
    if (!out) detail::throw_unsupported(D::name, detail::method_name(id).c_str());
    return *std::move(out);
  }

  void update(int id, MatrixRef X, MatrixRef Y, bool y_is_vector, double number) override {
    int i = kStandardMethodCount + static_cast<int>(std::tuple_size_v<decltype(declared_methods<D>())>);
    bool done = false;
    for_each_in(declared_update_methods<D>(), [&](const auto& m) {
      if (i++ != id) return;
      check_available(est_, m.name);
      if (X.size() == 0) check_matrix(X);
      check_same_rows(X.rows(), Y.rows());
      check_feature_range(X, FeaturePower::at_fit);
      if constexpr (std::is_same_v<decltype(m.function), E& (E::*)(MatrixRef, IntVectorRef, int)>)
        (est_.*(m.function))(X, detail::class_codes_from(Y), std::isnan(number) ? 0 : static_cast<int>(number));
      else
        (est_.*(m.function))(X, Y);
      y_is_vector_ = y_is_vector;
      remember_fit_precision();
      done = true;
    });
    if (!done) detail::throw_unsupported(D::name, detail::method_name(id).c_str());
  }

  json get_params() const override { return params_to_json<E>(est_.params()); }
  void set_params(const json& options) override {
    json merged = get_params();
    for (auto it = options.begin(); it != options.end(); ++it) merged[it.key()] = it.value();
    E fresh(params_from_json<E>(merged));
    if (est_.is_fitted()) fresh.load_state(est_.state());
    est_ = std::move(fresh);
  }
  Warnings warnings() const override {
    if constexpr (detail::has_warnings<E>::value) return est_.warnings();
    else return {};
  }

  json to_json() const override {
    json j = {{"format", kModelFormat}, {"version", kModelVersion}, {"estimator", D::name},
              {"params", get_params()}, {"fitted", est_.is_fitted()}, {"yIsVector", y_is_vector_}};
    if (est_.is_fitted()) j["state"] = est_.state();
    if (est_.is_fitted() && fitted_float32_) j["float32Fit"] = true;
    return j;
  }
  void load(const json& model) {
    const json& f = member(model, "yIsVector");
    if (!f.is_boolean()) throw InvalidArgument("model JSON: yIsVector must be true or false");
    y_is_vector_ = f.get<bool>();
    const json& fitted_flag = member(model, "fitted");
    if (!fitted_flag.is_boolean()) throw InvalidArgument("model JSON: fitted must be true or false");
    if (!fitted_flag.get<bool>()) return;
    est_.load_state(member(model, "state"));
    if (const auto f32 = model.find("float32Fit"); f32 != model.end()) {
      if (!f32->is_boolean()) throw InvalidArgument("model JSON: float32Fit must be true or false");
      fitted_float32_ = kRemembersFloat32Fit && f32->get<bool>();
    }
    if constexpr (D::kind == Kind::classifier) {
      static_assert(detail::has_n_classes<E>::value, "a classifier has n_classes(), so that loaded labels are checked");
      detail::check_saved_labels(model, est_.n_classes());
    }
  }

  static json metadata() {
    json params = json::array(), attrs = json::array();
    const typename E::Params defaults{};
    for_each_in(D::params(), [&](const auto& p) { params.push_back(p.metadata(defaults)); });
    for_each_in(declared_attributes<D>(), [&](const auto& a) { attrs.push_back(a.metadata()); });
    json rules = json::array();
    for_each_in(declared_rules<D>(), [&](const auto& r) { rules.push_back(r.text); });
    json extra = json::array();
    int next_id = kStandardMethodCount;
    for_each_in(declared_methods<D>(), [&](const auto& m) {
      using Result = typename detail::returns<decltype(m.function)>::type;
      const int id = next_id++;
      if (m.float32) {  // a twin is no method of its own: its sibling's { dtype: 'float32' }
        if (extra.empty() || extra.back()["name"] != m.name)
          throw std::logic_error(std::string(D::name) + "." + m.name + "'s float32 twin must follow it");
        extra.back()["float32Id"] = id;
        return;
      }
      json spec = {{"name", m.name}, {"id", id}, {"doc", m.doc}, {"needsFit", m.needs_fit},
                   {"args", method_args_name(method_args<decltype(m.function)>::value)},
                   {"result", std::is_same_v<Result, NamedArrays> ? "arrays" : "array"}};
      if constexpr (std::is_same_v<Result, NamedArrays>) {
        if (m.results.empty()) throw std::logic_error(std::string(D::name) + "." + m.name + " declares no results");
        spec["results"] = json::array();
        for (const ResultDecl& r : m.results)
          spec["results"].push_back({{"name", r.name}, {"kind", detail::result_kind_name(r.kind)}, {"doc", r.doc}});
      }
      extra.push_back(std::move(spec));
    });
    for_each_in(declared_update_methods<D>(), [&](const auto& m) {
      const int id = next_id++;
      extra.push_back({{"name", m.name}, {"id", id}, {"doc", m.doc}, {"needsFit", false},
                       {"args", update_args<decltype(m.function)>::value}, {"result", "model"}});
      if (m.starts_fit) extra.back()["startsFit"] = true;
    });
    // Methods an instance has only under a condition: { method: condition }.
    json available_if = json::object();
    for_each_in(declared_availability<D>(), [&](const auto& a) { available_if[a.method] = a.condition; });
    // Methods whose values are float32 for a float32 X: { method: 'x' | 'fitAndX' }.
    json float32_results = json::object();
    constexpr Float32Results float32_rules = declared_float32_results<D>();
    const auto add = [&](auto method, Float32Rule rule) {
      if (rule == Float32Rule::never) return;
      if (!has_standard_method<decltype(method), E>::value)
        throw std::logic_error(std::string(D::name) + "'s float32_results names " + decltype(method)::spec.name + ", which it does not have");
      float32_results[decltype(method)::spec.name] = float32_rule_name(rule);
    };
    add(methods::Transform{}, float32_rules.transform);
    add(methods::InverseTransform{}, float32_rules.inverse_transform);
    add(methods::Predict{}, float32_rules.predict);
    add(methods::PredictProba{}, float32_rules.predict_proba);
    add(methods::DecisionFunction{}, float32_rules.decision_function);
    return {{"name", D::name}, {"family", D::family}, {"doc", D::doc}, {"kind", kind_name(D::kind)},
            {"methods", methods()}, {"fitOptions", fit_options()}, {"params", params}, {"rules", rules}, {"attributes", attrs},
            {"extraMethods", extra}, {"availableIf", available_if}, {"float32Results", float32_results}, {"multilabel", detail::has_fit_multilabel<E>::value}};
  }

 private:
  void fitted(const char* method) const { check_fitted(est_.is_fitted(), D::name, method); }
  // After a fit or partialFit: whether its X was float32, for a fitAndX rule.
  void remember_fit_precision() { fitted_float32_ = kRemembersFloat32Fit && float32_input_; }
  // X within the range of the powers of its values the estimator sums (its declared feature_power), in
  // a fit (at_fit) or a method (at_every_method): a declaration's at_fit is not checked at methods.
  void check_feature_range(MatrixRef X, FeaturePower::Where call) const {
    std::optional<FeaturePower> declared;
    if constexpr (detail::has_fixed_feature_power<D>::value) declared = D::feature_power;
    else if constexpr (detail::has_feature_power_of<D, E>::value) declared = D::feature_power(est_);
    if (declared && (call == FeaturePower::at_fit || declared->where == FeaturePower::at_every_method))
      check_powers_in_range(X, declared->power, D::name);
  }

  // est_.fit(args...), with the weights appended when there are some.
  template <class... Args>
  void fit_weighted(const Vector* sample_weight, const Args&... args) {
    if (!sample_weight) {
      est_.fit(args...);
    } else if constexpr (kWeighted) {
      est_.fit(args..., *sample_weight);
    } else {
      detail::throw_no_sample_weight(D::name);
    }
  }

  E est_;
  bool y_is_vector_ = true;
  bool float32_input_ = false;   // set_float32_input's, for the next fit
  bool fitted_float32_ = false;  // the last fit's, when kRemembersFloat32Fit
};

}  // namespace wasmlearn
