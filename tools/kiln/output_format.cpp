#include "output_format.h"

namespace kiln::shell {

std::optional<OutputFormat> parseOutputFormat(std::string_view name) {
   if (name == "table") return OutputFormat::Table;
   if (name == "csv") return OutputFormat::Csv;
   if (name == "json") return OutputFormat::Json;
   return std::nullopt;
}

std::string_view outputFormatName(OutputFormat format) {
   switch (format) {
      case OutputFormat::Table: return "table";
      case OutputFormat::Csv: return "csv";
      case OutputFormat::Json: return "json";
   }
   return "table";
}

}  // namespace kiln::shell
