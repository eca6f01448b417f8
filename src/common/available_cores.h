// The cores this process may use: those its CPU affinity mask allows, and no more than its
// cgroup's CPU quota (a container limited to two CPUs of a larger machine gets two), as they
// were when first asked.
#pragma once

namespace kiln {

unsigned availableCores();

}  // namespace kiln
