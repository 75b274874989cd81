// Every estimator the library exposes by name, in the order of estimators().
// Adding an estimator: include its family's describe.hpp here and add it to the
// list. The registry (core/src/registry.cpp) and the tests that run every
// declaration read this list.
#pragma once
#include "wasmlearn/cluster/describe.hpp"
#include "wasmlearn/decomposition/describe.hpp"
#include "wasmlearn/discriminant_analysis/describe.hpp"
#include "wasmlearn/ensemble/describe.hpp"
#include "wasmlearn/kernel_ridge/describe.hpp"
#include "wasmlearn/linear_model/describe.hpp"
#include "wasmlearn/mixture/describe.hpp"
#include "wasmlearn/multiclass/describe.hpp"
#include "wasmlearn/naive_bayes/describe.hpp"
#include "wasmlearn/neighbors/describe.hpp"
#include "wasmlearn/neural_network/describe.hpp"
#include "wasmlearn/preprocessing/describe.hpp"
#include "wasmlearn/svm/describe.hpp"
#include "wasmlearn/svm/linear_describe.hpp"
#include "wasmlearn/tree/describe.hpp"

namespace wasmlearn {

template <class... E> struct EstimatorList {};

using AllEstimators = EstimatorList<
    StandardScaler, MinMaxScaler, MaxAbsScaler, RobustScaler, Normalizer,
    PolynomialFeatures, SplineTransformer, PiecewiseConstantFeatures,
    PiecewiseLinearFeatures, SimpleImputer, KBinsDiscretizer,
    KNeighborsClassifier, KNeighborsRegressor,
    RadiusNeighborsClassifier, RadiusNeighborsRegressor, NearestCentroid,
    GaussianNB, LinearDiscriminantAnalysis, QuadraticDiscriminantAnalysis,
    KMeans, GaussianMixture, PCA, LinearRegression, Ridge, Perceptron,
    RidgeClassifier, SubsetSelection, Lasso, ElasticNet, LogisticRegression,
    DecisionTreeClassifier, DecisionTreeRegressor, RandomForestClassifier,
    RandomForestRegressor, ExtraTreesClassifier, ExtraTreesRegressor,
    BaggingClassifier, BaggingRegressor, LinearSVC, LinearSVR,
    OneVsRestClassifier, OneVsOneClassifier, OutputCodeClassifier, SVC, NuSVC,
    SVR, NuSVR, OneClassSVM, KernelRidge, KernelPCA, MLPClassifier, MLPRegressor>;

} // namespace wasmlearn
