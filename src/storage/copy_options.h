// COPY's WITH options, PostgreSQL's defaults for the format filled in by the binder.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace kiln {

struct CopyOptions {
   bool csv = false;
   char delimiter = '\t';
   char quote = '"';
   char escape = '"';
   bool header = false;
   bool headerMatch = false;  // HEADER MATCH: the header line must name the columns read
   std::string nullString = "\\N";
   /// CSV FROM: the table columns whose NULL string is a value even unquoted (FORCE_NOT_NULL), and
   /// those where it is NULL even quoted (FORCE_NULL).
   std::vector<size_t> forceNotNull, forceNull;
};

}  // namespace kiln
