// The SQL types the generator uses, with the facts about them that decide which expressions are
// valid and which results both systems must agree on.
#pragma once

#include <string>
#include <vector>

namespace kiln::fuzz {

enum class Kind {
   Bool,
   Int2,
   Int4,
   Int8,
   Numeric,  // numeric(precision, scale); precision 0: numeric without modifiers
   Float4,
   Float8,
   Text,
   Varchar,  // varchar(length)
   Char,     // char(length)
   Date,
   Timestamp,
   TimestampTz,
   Time,
   Interval,
   Array,  // one-dimensional, of `element` (with this type's modifiers)
};

struct Type {
   Kind kind = Kind::Int4;
   int precision = 0;  // numeric
   int scale = 0;      // numeric: the digits after the point its values show
   int length = 0;     // varchar, char
   Kind element = Kind::Int4;  // array

   static Type of(Kind kind) { return {kind}; }
   static Type numeric(int precision, int scale) { return {Kind::Numeric, precision, scale}; }
   static Type varchar(int length) { return {Kind::Varchar, 0, 0, length}; }
   static Type character(int length) { return {Kind::Char, 0, 0, length}; }
   static Type arrayOf(const Type& element);

   /// PostgreSQL's spelling, as in a cast: "numeric(10,2)", "character varying(5)", "integer[]".
   std::string sql() const;
   Type elementType() const;

   bool isInteger() const { return kind == Kind::Int2 || kind == Kind::Int4 || kind == Kind::Int8; }
   bool isExact() const { return isInteger() || kind == Kind::Numeric; }
   bool isFloat() const { return kind == Kind::Float4 || kind == Kind::Float8; }
   bool isNumber() const { return isExact() || isFloat(); }
   bool isString() const { return kind == Kind::Text || kind == Kind::Varchar || kind == Kind::Char; }
   bool isMoment() const { return kind == Kind::Date || kind == Kind::Timestamp || kind == Kind::TimestampTz; }
   /// Equal values always print alike, so grouping, DISTINCT, set operations and joins on it
   /// give the same text whichever of the equal values a system keeps. Not so for intervals
   /// ('1 day' = '24 hours'), nor for arrays of them.
   bool printsEqualValuesAlike() const { return kind != Kind::Interval; }

   bool operator==(const Type&) const = default;
};

/// A type columns are made of, and the name such columns get.
struct ColumnKind {
   std::string name;
   Type type;
};
const std::vector<ColumnKind>& columnKinds();
/// The types of columnKinds().
std::vector<Type> columnTypes();

}  // namespace kiln::fuzz
