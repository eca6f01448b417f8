#include "parser/clause_rules.h"

#include <string>

namespace kiln {

Error ClauseRules::refusal(Allowed what, int position) const {
   const char* calls = what == Aggregates  ? "aggregate functions"
                       : what == Groupings ? "grouping operations"
                       : what == Windows   ? "window functions"
                                           : "set-returning functions";
   const char* sqlstate = what == Windows ? "42P20" : what == SetReturning ? "0A000" : "42803";
   const char* clause = what == SetReturning && setReturningRefusedIn ? setReturningRefusedIn : name;
   return Error(sqlstate, std::string(calls) + " are not allowed in " + clause, position);
}

}  // namespace kiln
