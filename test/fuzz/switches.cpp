#include "switches.h"

namespace kiln::fuzz {

const std::vector<Switches::Entry>& Switches::entries() {
   static const std::vector<Entry> all = {
      {"not-in-null-constant", &Switches::notInNullConstant,
       "a constant NOT IN (SELECT k ...) (or <> ALL) where k has a NULL returns rows (PostgreSQL: none)"},
      {"far-dates", &Switches::farDates, "dates beyond the timestamp range wrap when converted to timestamp"},
      {"negated-constants", &Switches::negatedConstants, "-(-2147483648)::int wraps in constant folding"},
      {"exponent-literals", &Switches::exponentLiterals, "numeric literals with exponents (1.5e3) are typed double"},
      {"invalid-utf8", &Switches::invalidUtf8, "invalid UTF-8 and NUL are accepted in text (PostgreSQL: 22021)"},
      {"numeric-display-scale", &Switches::numericDisplayScale,
       "numeric without modifiers shows 6 decimals (1.1::numeric is 1.100000); avg of integers 20"},
      {"wide-numeric", &Switches::wideNumeric, "numeric values of more than 38 digits fail with 22003"},
      {"infinite-moments", &Switches::infiniteMoments, "no 'infinity' for dates and timestamps"},
      {"numeric-division", &Switches::numericDivision,
       "numeric division has a static scale (documented difference: 20 decimals)"},
      {"multibyte-char", &Switches::multibyteChar, "char(n) of multibyte text is padded to n bytes (FINDINGS.md 1)"},
      {"real-limits", &Switches::realLimits, "'3.4028235e+38'::real (the largest real) is out of range (FINDINGS.md 2)"},
      {"float-range-checks", &Switches::floatRangeChecks,
       "float products that underflow, quotients and degrees() that overflow, are no error (FINDINGS.md 3, 19)"},
      {"round-beyond-scale", &Switches::roundBeyondScale, "round/trunc(numeric, d) keep the input's scale when d is larger (FINDINGS.md 4)"},
      {"mixed-sign-intervals", &Switches::mixedSignIntervals, "'-1 mons 39 days 18:38:55' prints a '+' before the time (FINDINGS.md 5)"},
      {"correlated-on-having", &Switches::correlatedOnHaving, "outer columns in HAVING or ON of a subquery: XX000 (FINDINGS.md 9)"},
      {"correlated-derived-in-join", &Switches::correlatedDerivedInJoin,
       "a derived table in a JOIN reading an outer column: 42P01 (FINDINGS.md 10)"},
      {"returning-subqueries", &Switches::returningSubqueries, "RETURNING with a subquery has the tag SELECT n (FINDINGS.md 11)"},
      {"interval-aggregates", &Switches::intervalAggregates, "no sum, avg, min or max of intervals: 42883 (FINDINGS.md 7)"},
      {"char-in-expressions", &Switches::charInExpressions, "char(n) loses its length through COALESCE, CASE, concat (FINDINGS.md 12)"},
      {"real-constant-casts", &Switches::realConstantCasts, "'299.6'::real::float8 is 299.6 (FINDINGS.md 13)"},
      {"null-arithmetic", &Switches::nullArithmetic, "arithmetic on NULL raises overflow errors (FINDINGS.md 8)"},
      {"timestamp-limits", &Switches::timestampLimits, "date_trunc below the first timestamp is no error (FINDINGS.md 14)"},
      {"ctes-after-recursive", &Switches::ctesAfterRecursive, "a CTE reading a recursive one in an outer join: 42P19 (FINDINGS.md 15)"},
      {"numeric-nan", &Switches::numericNan, "'NaN'::float8::numeric fails: no numeric NaN (FINDINGS.md 16)"},
      {"real-casts", &Switches::realCasts, "double precision too large for real casts to Infinity (FINDINGS.md 17)"},
      {"char-regex", &Switches::charRegex, "regular expressions and SIMILAR TO ignore char(n)'s padding (FINDINGS.md 18)"},
      {"on-conflict-all-rows", &Switches::onConflictAllRows,
       "ON CONFLICT's SET, WHERE and RETURNING are computed for every proposed row (FINDINGS.md 20)"},
   };
   return all;
}

bool Switches::set(const std::string& name, bool on) {
   for (const Entry& entry : entries())
      if (name == entry.name) {
         this->*entry.flag = on;
         return true;
      }
   return false;
}

std::string Switches::describeOn() const {
   std::string out;
   for (const Entry& entry : entries())
      if (this->*entry.flag) out += (out.empty() ? "" : ", ") + std::string(entry.name);
   return out.empty() ? "none" : out;
}

}  // namespace kiln::fuzz
