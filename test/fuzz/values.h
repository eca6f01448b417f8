// Values of each type as text, as PostgreSQL's input functions read them: ordinary ones, and often
// the extremes (type limits, -0, NaN and infinities for floats, empty and long strings, many-digit
// numerics, far dates) where implementations tend to differ.
#pragma once

#include "random.h"
#include "switches.h"
#include "type.h"

#include <string>
#include <string_view>

namespace kiln::fuzz {

/// `text` as an SQL string literal ('it''s').
std::string quoted(std::string_view text);

class ValueSource {
   public:
   ValueSource(Random& random, const Switches& switches) : random_(random), switches_(switches) {}

   /// A value of `type` as text (unquoted), an extreme one about a third of the time.
   std::string text(const Type& type);
   /// An expression of exactly `type` that is a constant: '...'::type, or a bare literal where
   /// that has the type.
   std::string literal(const Type& type);
   /// A small value, an index or a length: what functions take for counts and positions.
   int smallInt(int lo, int hi) { return int(random_.between(lo, hi)); }

   private:
   std::string integer(int64_t min, int64_t max);
   std::string numeric(const Type& type);
   std::string floating(bool single);
   /// Text of at most `maxLength` characters (0: any).
   std::string string(int maxLength);
   std::string date();
   /// A date between 1990 and 2030.
   std::string ordinaryDate();
   std::string timestamp(bool withZone);
   std::string time();
   std::string interval();
   std::string array(const Type& type);
   std::string digits(int count);

   Random& random_;
   const Switches& switches_;
};

/// The simplest constant of `type`, for the shrinker: 0, '', 2000-01-01, ...
std::string simplestLiteral(const Type& type);
/// NULL of `type`.
std::string nullLiteral(const Type& type);

}  // namespace kiln::fuzz
