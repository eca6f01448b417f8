// How handling one piece of input ended; scripts stop at Failed, everything stops at Quit.
#pragma once

namespace kiln::shell {

enum class Outcome { Ok, Failed, Quit };

}  // namespace kiln::shell
