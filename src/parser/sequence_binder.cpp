#include "parser/sequence_binder.h"

#include <cerrno>
#include <cstdlib>
#include <limits>
#include <optional>

#include "common/value.h"
#include "parser/pg_parser.h"
#include "parser/type_rules.h"

namespace kiln {

namespace {

const char* typeName(TypeId type) { return type == TypeId::SmallInt ? "smallint" : type == TypeId::Integer ? "integer" : "bigint"; }

Error invalid(const std::string& message) { return Error("22023", message); }

/// An option's number: an integer, or one too long for an int (which the parser keeps as text).
int64_t numberOf(const PgQuery__DefElem& option) {
   const PgQuery__Node* arg = option.arg;
   if (arg && arg->node_case == PG_QUERY__NODE__NODE_INTEGER) return arg->integer->ival;
   if (arg && arg->node_case == PG_QUERY__NODE__NODE_FLOAT) {
      const char* text = arg->float_->fval;
      char* end = nullptr;
      errno = 0;
      long long value = std::strtoll(text, &end, 10);
      if (errno == 0 && *end == '\0') return value;
      throw Error("22003", "value \"" + std::string(text) + "\" is out of range for type bigint", option.location + 1);
   }
   throw Error("42601", std::string(option.defname) + " requires a numeric value", option.location + 1);
}

/// The options given, each at most once.
struct Options {
   std::optional<TypeId> type;
   std::optional<int64_t> increment, start, restartWith, cache;
   std::optional<std::optional<int64_t>> minValue, maxValue;  // set to nullopt by NO MINVALUE
   std::optional<bool> cycle;
   bool restart = false;
   bool sequenceName = false;  // SEQUENCE NAME: an identity column's only
};

Options readOptions(PgQuery__Node* const* items, size_t count) {
   Options o;
   std::vector<std::string> seen;
   for (size_t i = 0; i < count; ++i) {
      const PgQuery__DefElem& option = *items[i]->def_elem;
      std::string name = option.defname;
      for (auto& earlier : seen)
         if (earlier == name) throw Error("42601", "conflicting or redundant options", option.location + 1);
      seen.push_back(name);
      if (name == "as") {
         SqlType type = types::resolve(*option.arg->type_name);
         if (type.id != TypeId::SmallInt && type.id != TypeId::Integer && type.id != TypeId::BigInt)
            throw invalid("sequence type must be smallint, integer, or bigint");
         o.type = type.id;
      } else if (name == "increment") {
         o.increment = numberOf(option);
      } else if (name == "minvalue") {
         o.minValue = option.arg ? std::optional<int64_t>(numberOf(option)) : std::nullopt;
      } else if (name == "maxvalue") {
         o.maxValue = option.arg ? std::optional<int64_t>(numberOf(option)) : std::nullopt;
      } else if (name == "start") {
         o.start = numberOf(option);
      } else if (name == "restart") {
         o.restart = true;
         if (option.arg) o.restartWith = numberOf(option);
      } else if (name == "cache") {
         o.cache = numberOf(option);
         if (*o.cache <= 0) throw invalid("CACHE (" + std::to_string(*o.cache) + ") must be greater than zero");
      } else if (name == "cycle") {
         o.cycle = option.arg->boolean->boolval;
      } else if (name == "sequence_name") {
         o.sequenceName = true;
      } else if (name == "owned_by") {
         // Ownership (dropping the sequence with its column) is not kept: accepted, as pg_dump writes it.
      } else {
         throw Error("42601", "option \"" + name + "\" not recognized", option.location + 1);
      }
   }
   return o;
}

/// Applies `o` to `s` (a new sequence's defaults when `creating`) and checks the result.
void apply(const Options& o, Sequence& s, bool creating) {
   TypeId oldType = s.type;
   if (o.type) s.type = *o.type;
   if (o.increment) {
      if (*o.increment == 0) throw invalid("INCREMENT must not be zero");
      s.increment = *o.increment;
   }
   bool ascending = s.increment > 0;
   // A bound left at its type's default follows a new type (or, when creating, the direction).
   if (o.maxValue && *o.maxValue) {
      s.maxValue = **o.maxValue;
   } else if (creating || o.maxValue || (o.type && s.maxValue == integerMaximum(oldType))) {
      s.maxValue = ascending ? integerMaximum(s.type) : -1;
   }
   if (o.minValue && *o.minValue) {
      s.minValue = **o.minValue;
   } else if (creating || o.minValue || (o.type && s.minValue == integerMinimum(oldType))) {
      s.minValue = ascending ? 1 : integerMinimum(s.type);
   }
   if (s.maxValue < integerMinimum(s.type) || s.maxValue > integerMaximum(s.type))
      throw invalid("MAXVALUE (" + std::to_string(s.maxValue) + ") is out of range for sequence data type " + typeName(s.type));
   if (s.minValue < integerMinimum(s.type) || s.minValue > integerMaximum(s.type))
      throw invalid("MINVALUE (" + std::to_string(s.minValue) + ") is out of range for sequence data type " + typeName(s.type));
   if (s.minValue >= s.maxValue) throw invalid("MINVALUE (" + std::to_string(s.minValue) + ") must be less than MAXVALUE (" + std::to_string(s.maxValue) + ")");
   if (o.start) s.start = *o.start;
   else if (creating) s.start = ascending ? s.minValue : s.maxValue;
   if (s.start < s.minValue) throw invalid("START value (" + std::to_string(s.start) + ") cannot be less than MINVALUE (" + std::to_string(s.minValue) + ")");
   if (s.start > s.maxValue)
      throw invalid("START value (" + std::to_string(s.start) + ") cannot be greater than MAXVALUE (" + std::to_string(s.maxValue) + ")");
   if (o.cycle) s.cycle = *o.cycle;
   if (creating || o.restart) {
      s.lastValue = o.restartWith ? *o.restartWith : s.start;
      s.isCalled = false;
   }
   if (s.lastValue < s.minValue)
      throw invalid("RESTART value (" + std::to_string(s.lastValue) + ") cannot be less than MINVALUE (" + std::to_string(s.minValue) + ")");
   if (s.lastValue > s.maxValue)
      throw invalid("RESTART value (" + std::to_string(s.lastValue) + ") cannot be greater than MAXVALUE (" + std::to_string(s.maxValue) + ")");
}

void requirePublic(const PgQuery__RangeVar& relation) {
   if (*relation.schemaname && std::string(relation.schemaname) != "public")
      throw Error("3F000", "schema \"" + std::string(relation.schemaname) + "\" does not exist", relation.location + 1);
}

}  // namespace

int64_t identityStart(PgQuery__Node* const* options, size_t count, TypeId columnType) {
   // As PostgreSQL reads them for the identity's sequence, whose type is the column's.
   Options o = readOptions(options, count);
   if (o.sequenceName) throw Error("0A000", "SEQUENCE NAME of an identity column is not supported yet");
   Sequence s;
   s.type = columnType;
   o.type = o.type ? o.type : std::optional<TypeId>(columnType);
   apply(o, s, true);
   // kiln's identity counter counts up by one from its start, without bounds of its own.
   bool counter = s.increment == 1 && !s.cycle && s.minValue == 1 && s.maxValue == integerMaximum(s.type) && s.type == columnType;
   if (!counter) throw Error("0A000", "identity columns other than counting up by 1 from their START WITH are not supported yet");
   return s.start;
}

CreateSequenceStatement bindCreateSequence(const PgQuery__CreateSeqStmt& create) {
   requirePublic(*create.sequence);
   CreateSequenceStatement result;
   result.sequence.name = create.sequence->relname;
   result.ifNotExists = create.if_not_exists;
   Options options = readOptions(create.options, create.n_options);
   if (options.sequenceName) throw Error("42601", "invalid sequence option SEQUENCE NAME");
   apply(options, result.sequence, true);
   return result;
}

AlterSequenceStatement bindAlterSequence(const PgQuery__AlterSeqStmt& alter, const Catalog& catalog) {
   requirePublic(*alter.sequence);
   std::string name = alter.sequence->relname;
   AlterSequenceStatement result;
   const Sequence* sequence = catalog.findSequence(name);
   if (!sequence) {
      if (alter.missing_ok) return result;
      if (catalog.findTable(name) || catalog.findView(name)) throw Error("42809", "\"" + name + "\" is not a sequence");
      throw Error("42P01", "relation \"" + name + "\" does not exist", alter.sequence->location + 1);
   }
   Options options = readOptions(alter.options, alter.n_options);
   if (options.sequenceName) throw Error("42601", "invalid sequence option SEQUENCE NAME");
   result.name = name;
   result.definition = *sequence;
   result.restart = options.restart;
   apply(options, result.definition, false);
   return result;
}

}  // namespace kiln
