#include "error_printer.h"

#include <kiln/kiln.h>

namespace kiln::shell {

void printError(const std::exception& error, const std::string& sql, std::ostream& err) {
   std::string text;
   if (const auto* sqlError = dynamic_cast<const Error*>(&error)) text = sqlError->format(sql);  // with LINE, caret and DETAIL where known
   else text = std::string("ERROR:  ") + error.what();
   err << text << '\n' << std::flush;
}

}  // namespace kiln::shell
