// The fixtures' path is compiled into this file only, so the compile commands of the other test
// files are the same in every clone and work tree, and ccache finds them.
#include "test_support.hpp"

namespace wasmlearn::test_support {

std::string fixtures_dir() { return WASMLEARN_FIXTURES_DIR; }

}  // namespace wasmlearn::test_support
