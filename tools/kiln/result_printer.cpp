#include "result_printer.h"

#include <kiln/kiln.h>

#include "csv_printer.h"
#include "json_printer.h"
#include "table_printer.h"

namespace kiln::shell {

void printResult(const Result& result, OutputFormat format, bool expanded, std::ostream& out) {
   // COPY ... TO STDOUT: its lines as they are, in any format (as psql prints them).
   if (result.hasRows() && result.statusTag().rfind("COPY ", 0) == 0) {
      for (size_t row = 0; row < result.rowCount(); ++row) out << result.getString(row, 0) << '\n';
      return;
   }
   if (!result.hasRows()) {
      if (format == OutputFormat::Table && !result.statusTag().empty()) out << result.statusTag() << '\n';
      return;
   }
   switch (format) {
      case OutputFormat::Table: expanded ? printExpanded(result, out) : printTable(result, out); break;
      case OutputFormat::Csv: printCsv(result, out); break;
      case OutputFormat::Json: printJson(result, out); break;
   }
}

}  // namespace kiln::shell
