// Declarations of the preprocessing estimators (see base/describe.hpp).
#pragma once
#include "wasmlearn/base/describe.hpp"
#include "wasmlearn/preprocessing/discretizer.hpp"
#include "wasmlearn/preprocessing/imputer.hpp"
#include "wasmlearn/preprocessing/piecewise.hpp"
#include "wasmlearn/preprocessing/polynomial.hpp"
#include "wasmlearn/preprocessing/scalers.hpp"
#include "wasmlearn/preprocessing/splines.hpp"
#include "wasmlearn/preprocessing/standard_scaler.hpp"

namespace wasmlearn {

template <>
struct Describe<StandardScaler> {
  static constexpr const char* name = "StandardScaler";
  static constexpr const char* family = "preprocessing";
  static constexpr const char* doc = "Standardise features to zero mean and unit variance";
  static constexpr Kind kind = Kind::transformer;
  static constexpr Float32Results float32_results = {Float32Rule::x, Float32Rule::x};
  static auto params() {
    using P = StandardScaler::Params;
    return std::make_tuple(param("withMean", &P::with_mean, "subtract the mean of each feature"),
                           param("withStd", &P::with_std, "divide by the standard deviation of each feature"));
  }
  static auto attributes() {
    using E = StandardScaler;
    return std::make_tuple(attribute("mean", &E::mean, "per-feature mean seen in fit"),
                           attribute("var", &E::var, "per-feature population variance seen in fit"),
                           attribute("scale", &E::scale, "per-feature divisor (1 for constant features)"),
                           attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"),
                           attribute("nSamplesSeen", &E::n_samples_seen, "number of rows seen in fit (their total sampleWeight when weighted)"));
  }
};

template <>
struct Describe<MinMaxScaler> {
  static constexpr const char* name = "MinMaxScaler";
  static constexpr const char* family = "preprocessing";
  static constexpr const char* doc = "Scale each feature to a range (by default [0, 1]) from its minimum and maximum";
  static constexpr Kind kind = Kind::transformer;
  static constexpr Float32Results float32_results = {Float32Rule::x, Float32Rule::x};
  static auto params() {
    using P = MinMaxScaler::Params;
    return std::make_tuple(param("featureRange", &P::feature_range, "the [min, max] the features are mapped to"),
                           param("clip", &P::clip, "clip transformed values to featureRange"));
  }
  static auto attributes() {
    using E = MinMaxScaler;
    return std::make_tuple(attribute("dataMin", &E::data_min, "per-feature minimum seen in fit"),
                           attribute("dataMax", &E::data_max, "per-feature maximum seen in fit"),
                           attribute("dataRange", &E::data_range, "per-feature dataMax - dataMin"),
                           attribute("scale", &E::scale, "per-feature multiplier"),
                           attribute("min", &E::min, "per-feature offset added after scaling"),
                           attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
  }
};

template <>
struct Describe<MaxAbsScaler> {
  static constexpr const char* name = "MaxAbsScaler";
  static constexpr const char* family = "preprocessing";
  static constexpr const char* doc = "Divide each feature by its largest absolute value (no centring)";
  static constexpr Kind kind = Kind::transformer;
  static constexpr Float32Results float32_results = {Float32Rule::x, Float32Rule::x};
  static auto params() { return std::tuple<>(); }
  static auto attributes() {
    using E = MaxAbsScaler;
    return std::make_tuple(attribute("maxAbs", &E::max_abs, "per-feature largest absolute value seen in fit"),
                           attribute("scale", &E::scale, "per-feature divisor (1 for an all-zero feature)"),
                           attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
  }
};

template <>
struct Describe<RobustScaler> {
  static constexpr const char* name = "RobustScaler";
  static constexpr const char* family = "preprocessing";
  static constexpr const char* doc = "Centre each feature on its median and divide by an interquantile range";
  static constexpr Kind kind = Kind::transformer;
  static constexpr Float32Results float32_results = {Float32Rule::x, Float32Rule::x};
  static auto params() {
    using P = RobustScaler::Params;
    return std::make_tuple(param("withCentering", &P::with_centering, "subtract the median"),
                           param("withScaling", &P::with_scaling, "divide by the interquantile range"),
                           param("quantileRange", &P::quantile_range, "the [low, high] percentiles of the range, in [0, 100]"),
                           param("unitVariance", &P::unit_variance, "rescale so that a normal feature gets variance 1"));
  }
  static auto attributes() {
    using E = RobustScaler;
    return std::make_tuple(attribute("center", &E::center, "per-feature median (0 without centering)"),
                           attribute("scale", &E::scale, "per-feature divisor (1 without scaling)"),
                           attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
  }
};

template <>
struct Describe<Normalizer> {
  static constexpr const char* name = "Normalizer";
  static constexpr const char* family = "preprocessing";
  static constexpr const char* doc = "Scale each sample (row) to unit norm; a zero row stays zero";
  static constexpr Kind kind = Kind::transformer;
  static constexpr Float32Results float32_results = {Float32Rule::x};
  static auto params() {
    using P = Normalizer::Params;
    return std::make_tuple(param("norm", &P::norm, "the norm each row is divided by",
                                 {{"l1", NormKind::l1}, {"l2", NormKind::l2}, {"max", NormKind::max}}));
  }
  static auto attributes() {
    using E = Normalizer;
    return std::make_tuple(attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
  }
};

template <>
struct Describe<PolynomialFeatures> {
  static constexpr const char* name = "PolynomialFeatures";
  static constexpr const char* family = "preprocessing";
  static constexpr const char* doc = "All products of the features up to a degree, in scikit-learn's column order";
  static constexpr Kind kind = Kind::transformer;
  static constexpr Float32Results float32_results = {Float32Rule::x};
  static auto params() {
    using P = PolynomialFeatures::Params;
    return std::make_tuple(param("degree", &P::degree, "largest total degree of a product", at_least(0)),
                           param("interactionOnly", &P::interaction_only, "only products of distinct features (no powers)"),
                           param("includeBias", &P::include_bias, "include the constant column (degree 0)"));
  }
  static auto rules() {
    using P = PolynomialFeatures::Params;
    return std::make_tuple(rule<P>("degree 0 with includeBias false would produce no columns",
                                   [](const P& p) { return p.degree > 0 || p.include_bias; }));
  }
  static auto attributes() {
    using E = PolynomialFeatures;
    return std::make_tuple(attribute("powers", &E::powers, "exponent of each input feature (columns) in each output (rows)"),
                           attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"),
                           attribute("nFeaturesOut", &E::n_features_out, "number of columns transform returns"));
  }
};

template <>
struct Describe<SplineTransformer> {
  static constexpr const char* name = "SplineTransformer";
  static constexpr const char* family = "preprocessing";
  static constexpr const char* doc = "B-spline basis of each feature, as scikit-learn's SplineTransformer";
  static constexpr Kind kind = Kind::transformer;
  static constexpr Float32Results float32_results = {Float32Rule::x};
  static auto params() {
    using P = SplineTransformer::Params;
    return std::make_tuple(
        param("nKnots", &P::n_knots, "number of base knots when they are placed from the data", at_least(2)),
        param("degree", &P::degree, "polynomial degree of the splines (3: cubic)", at_least(0)),
        param("knots", &P::knots,
              "'uniform' (evenly over each feature's range), 'quantile', or explicit knots: one increasing array "
              "for all features or a matrix with one column per feature",
              {{"uniform", SplineKnots::uniform}, {"quantile", SplineKnots::quantile}}),
        param("extrapolation", &P::extrapolation,
              "beyond the knots: 'error', 'constant' (boundary values), 'linear' (tangents), 'continue' (boundary "
              "polynomials) or 'periodic'",
              {{"error", SplineExtrapolation::error},
               {"constant", SplineExtrapolation::constant},
               {"linear", SplineExtrapolation::linear},
               {"continue", SplineExtrapolation::continue_},
               {"periodic", SplineExtrapolation::periodic}}),
        param("includeBias", &P::include_bias, "keep all splines (false drops the last one of each feature)"));
  }
  static auto attributes() {
    using E = SplineTransformer;
    return std::make_tuple(attribute("baseKnots", &E::base_knots, "base knots, one column per feature"),
                           attribute("fullKnots", &E::knots_full, "knots with the degree added ones on each side, one column per feature"),
                           attribute("nSplines", &E::n_splines, "splines per feature (before includeBias)"),
                           attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"),
                           attribute("nFeaturesOut", &E::n_features_out, "number of columns transform returns"));
  }
};

template <>
struct Describe<PiecewiseConstantFeatures> {
  static constexpr const char* name = "PiecewiseConstantFeatures";
  static constexpr const char* family = "preprocessing";
  static constexpr const char* doc =
      "Indicators of the intervals cut by given knots, per feature (a linear model on them is a step function)";
  static constexpr Kind kind = Kind::transformer;
  static constexpr Float32Results float32_results = {Float32Rule::x};
  static auto params() {
    using P = PiecewiseConstantFeatures::Params;
    return std::make_tuple(
        param("knots", &P::knots, "strictly increasing cut points ξ1 < ... < ξK, shared by all features; intervals are [ξk, ξk+1)"),
        param("includeBias", &P::include_bias, "keep the first interval's indicator (false: drop it, for use with an intercept)"));
  }
  static auto rules() {
    using P = PiecewiseConstantFeatures::Params;
    return std::make_tuple(rule<P>("PiecewiseConstantFeatures with no knots and includeBias false produces no columns",
                                   [](const P& p) { return !p.knots.empty() || p.include_bias; }));
  }
  static auto attributes() {
    using E = PiecewiseConstantFeatures;
    return std::make_tuple(attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"),
                           attribute("nFeaturesOut", &E::n_features_out, "number of columns transform returns"));
  }
};

template <>
struct Describe<PiecewiseLinearFeatures> {
  static constexpr const char* name = "PiecewiseLinearFeatures";
  static constexpr const char* family = "preprocessing";
  static constexpr const char* doc =
      "Piecewise linear basis with given knots, per feature: truncated powers 1, x, (x-ξk)₊ (continuous) or an "
      "indicator and a slope term per interval";
  static constexpr Kind kind = Kind::transformer;
  static constexpr Float32Results float32_results = {Float32Rule::x};
  static auto params() {
    using P = PiecewiseLinearFeatures::Params;
    return std::make_tuple(
        param("knots", &P::knots, "strictly increasing cut points ξ1 < ... < ξK, shared by all features; intervals are [ξk, ξk+1)"),
        param("continuous", &P::continuous,
              "true: 1, x, (x-ξ1)₊ .. (x-ξK)₊ (a linear spline); false: indicators I_0..I_K then slopes x·I_0..x·I_K"),
        param("includeBias", &P::include_bias, "keep the constant column (continuous) or I_0 (false: drop it)"));
  }
  static auto attributes() {
    using E = PiecewiseLinearFeatures;
    return std::make_tuple(attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"),
                           attribute("nFeaturesOut", &E::n_features_out, "number of columns transform returns"));
  }
};

template <>
struct Describe<SimpleImputer> {
  static constexpr const char* name = "SimpleImputer";
  static constexpr const char* family = "preprocessing";
  static constexpr const char* doc =
      "Replace missing values (NaN, or a given number) by a per-feature mean, median, most frequent value or constant";
  static constexpr Kind kind = Kind::transformer;
  // inverseTransform stays in double, as scikit-learn's builds its result in float64
  static constexpr Float32Results float32_results = {Float32Rule::x};
  static constexpr bool allows_nan = true;
  static auto params() {
    using P = SimpleImputer::Params;
    return std::make_tuple(
        param("strategy", &P::strategy,
              "'mean', 'median', 'most_frequent' (the smallest on ties) of the observed values, or 'constant' (fillValue)",
              {{"mean", ImputeStrategy::mean},
               {"median", ImputeStrategy::median},
               {"most_frequent", ImputeStrategy::most_frequent},
               {"constant", ImputeStrategy::constant}}),
        param("missingValues", &P::missing_values, "the value that marks a missing entry; null: NaN (then X may hold NaN)"),
        param("fillValue", &P::fill_value, "the value of strategy 'constant'"),
        param("addIndicator", &P::add_indicator, "append a 0/1 column per feature that had missing values in fit"),
        param("keepEmptyFeatures", &P::keep_empty_features,
              "keep features with no observed value (imputed with 0) instead of dropping them"));
  }
  static auto attributes() {
    using E = SimpleImputer;
    return std::make_tuple(attribute("statistics", &E::statistics, "per-feature fill value (NaN: no observed value, dropped)"),
                           attribute("indicatorFeatures", &E::indicator_features, "features that had missing values in fit (the indicator's columns)"),
                           attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
  }
};

template <>
struct Describe<KBinsDiscretizer> {
  static constexpr const char* name = "KBinsDiscretizer";
  static constexpr const char* family = "preprocessing";
  static constexpr const char* doc = "Bin each feature (equal width, equal counts or 1-D k-means) and code the bins";
  static constexpr Kind kind = Kind::transformer;
  static constexpr Float32Results float32_results = {Float32Rule::x, Float32Rule::x};
  static auto params() {
    using P = KBinsDiscretizer::Params;
    return std::make_tuple(
        param("nBins", &P::n_bins, "bins per feature: one integer for all, or one per feature", at_least(2)),
        param("encode", &P::encode,
              "'onehot-dense' (one indicator column per bin) or 'ordinal' (the bin index)",
              {{"onehot-dense", BinEncode::onehot_dense}, {"ordinal", BinEncode::ordinal}})
            .with_hint([](const std::string& v) {
              return v == "onehot" ? std::string("scikit-learn's 'onehot' is sparse, wasmlearn has no sparse output: use 'onehot-dense'")
                                   : std::string();
            }),
        param("strategy", &P::strategy,
              "'uniform' (equal widths), 'quantile' (equal counts) or 'kmeans' (1-D k-means from the uniform bins' midpoints)",
              {{"uniform", BinStrategy::uniform}, {"quantile", BinStrategy::quantile}, {"kmeans", BinStrategy::kmeans}}),
        param("subsample", &P::subsample,
              "the edges are fitted on at most this many rows, drawn without replacement (≥ 1.5: every strategy; the "
              "draws are the library's, not numpy's); null: every row",
              at_least(1)),
        param("randomState", &P::random_state, "seed of the subsample's draws", at_least(0)));
  }
  static auto attributes() {
    using E = KBinsDiscretizer;
    return std::make_tuple(attribute("binEdges", &E::bin_edges, "per feature (rows) its increasing bin edges, padded with NaN"),
                           attribute("nBinsPerFeature", &E::n_bins_per_feature, "bins of each feature (scikit-learn's n_bins_)"),
                           attribute("nFeaturesIn", &E::n_features_in, "number of columns seen in fit"));
  }
};

}  // namespace wasmlearn
