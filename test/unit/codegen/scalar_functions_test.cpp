// Every function of the registry (algebra/scalar_function.h), by each of its names and overloads:
// it binds and compiles, a call with values returns one row, and a strict one is NULL of NULLs.
#include <gtest/gtest.h>

#include <string>

#include "algebra/scalar_function.h"
#include "kiln/kiln.h"

using namespace kiln;

namespace {

std::string call(const char* name, const FunctionOverload& overload, bool nulls) {
   // Quoted: position, substring and trim have a grammar of their own unquoted.
   std::string sql = std::string("SELECT \"") + name + "\"(";
   for (size_t i = 0; i < overload.parameters.size(); ++i) {
      bool text = overload.parameters[i] == ParameterType::Text;
      sql += (i ? ", " : "") + std::string(nulls ? "NULL" : text ? "'kiln'" : "2") + (text ? "::text" : "::bigint");
   }
   return sql + ")";
}

}  // namespace

TEST(ScalarFunctions, EveryEntryBindsAndCompiles) {
   Database db;
   Connection con{db};
   for (const ScalarFunction& function : scalarFunctions())
      for (const char* name : function.names)
         for (const FunctionOverload& overload : function.overloads) {
            std::string sql = call(name, overload, false);
            try {
               Result values = con.query(sql);
               EXPECT_EQ(values.rowCount(), 1u) << sql;
               if (overload.parameters.empty() || function.nulls != NullBehaviour::Strict) continue;
               sql = call(name, overload, true);
               EXPECT_TRUE(con.query(sql).isNull(0, 0)) << sql;
            } catch (const Error& e) {
               ADD_FAILURE() << sql << ": " << e.sqlstate() << " " << e.message();
            }
         }
}

TEST(ScalarFunctions, NamesAreUnique) {
   for (const ScalarFunction& function : scalarFunctions())
      for (const char* name : function.names) EXPECT_EQ(findScalarFunction(name), &function) << name;
}
