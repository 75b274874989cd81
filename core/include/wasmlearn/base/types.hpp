// Dense types shared by every estimator. Samples are rows, stored row-major, so that one sample
// is contiguous (distance loops vectorise) and a JS row-major buffer maps without a copy.
#pragma once
#include <Eigen/Dense>
#include <cmath>
#include <cstdint>
#include <vector>

namespace wasmlearn {

using Index = Eigen::Index;
using Matrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using Vector = Eigen::VectorXd;
using RowVector = Eigen::RowVectorXd;
using IntVector = Eigen::VectorXi;
using IntMatrix = Eigen::Matrix<int, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

// Read-only views: accept a Matrix, an Eigen::Map over a caller's buffer, or a block, without copying.
using MatrixRef = Eigen::Ref<const Matrix>;
using VectorRef = Eigen::Ref<const Vector>;
using IntVectorRef = Eigen::Ref<const IntVector>;

// A fitted attribute or a result of any rank, as it crosses to JavaScript: shape {} is a scalar,
// {n} a 1-D array, {rows, cols} a row-major matrix.
struct NdArray {
  std::vector<double> data;
  std::vector<Index> shape;
  // A single-precision result (a Float32Array in JavaScript) holds its values here, `data` empty.
  std::vector<float> floats = {};
  bool is_float32 = false;

  static NdArray scalar(double v) { return {{v}, {}}; }
  static NdArray from(const Vector& v) { return {std::vector<double>(v.data(), v.data() + v.size()), {v.size()}}; }
  static NdArray from(const IntVector& v) { return {std::vector<double>(v.data(), v.data() + v.size()), {v.size()}}; }
  static NdArray from(const Matrix& m) {
    return {std::vector<double>(m.data(), m.data() + m.size()), {m.rows(), m.cols()}};
  }
  static NdArray from(const IntMatrix& m) {
    return {std::vector<double>(m.data(), m.data() + m.size()), {m.rows(), m.cols()}};
  }
};

}  // namespace wasmlearn

namespace wasmlearn {

// k nearest neighbours of each query: row i holds the k distances (ascending) and training indices.
struct KNeighborsResult {
  Matrix distances;
  IntMatrix indices;
};

// Neighbours within a radius, of varying count per query, stored compressed: the neighbours of
// query i are entries offsets[i] .. offsets[i+1]-1 of distances/indices (sorted by distance).
struct RadiusNeighborsResult {
  std::vector<Index> offsets;
  std::vector<double> distances;
  std::vector<Index> indices;
};

}  // namespace wasmlearn
