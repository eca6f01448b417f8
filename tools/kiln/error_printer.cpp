#include "error_printer.h"

#include <kiln/kiln.h>

namespace kiln::shell {

void printError(const std::exception& error, const std::string& sql, std::ostream& err) {
   std::string text;
   if (const auto* sqlError = dynamic_cast<const Error*>(&error)) {
      text = sqlError->format(sql);
      if (!text.empty() && text.back() != '\n') text += '\n';
      if (!sqlError->detail().empty()) text += "DETAIL:  " + sqlError->detail() + '\n';
   } else {
      text = std::string("ERROR:  ") + error.what() + '\n';
   }
   err << text << std::flush;
}

}  // namespace kiln::shell
