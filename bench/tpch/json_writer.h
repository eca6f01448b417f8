// A small streaming JSON writer: indented output, strings escaped, non-finite numbers as null.
#pragma once

#include <cstdint>
#include <optional>
#include <ostream>
#include <string_view>
#include <vector>

namespace kiln::bench {

class JsonWriter {
   public:
   explicit JsonWriter(std::ostream& out) : out_(out) {}

   JsonWriter& beginObject() { return open('{'); }
   JsonWriter& endObject() { return close('}'); }
   JsonWriter& beginArray() { return open('['); }
   JsonWriter& endArray() { return close(']'); }
   /// The key of the next member of the current object.
   JsonWriter& key(std::string_view name);

   JsonWriter& value(std::string_view text);
   JsonWriter& value(const char* text) { return value(std::string_view(text)); }
   JsonWriter& value(double number);
   JsonWriter& value(int64_t number);
   JsonWriter& value(uint64_t number);
   JsonWriter& value(int number) { return value(int64_t(number)); }
   JsonWriter& value(bool flag);
   JsonWriter& null();
   template <typename T>
   JsonWriter& value(const std::optional<T>& maybe) {
      return maybe ? value(*maybe) : null();
   }

   /// key(name).value(v) in one call.
   template <typename T>
   JsonWriter& member(std::string_view name, const T& v) {
      return key(name).value(v);
   }

   private:
   JsonWriter& open(char bracket);
   JsonWriter& close(char bracket);
   /// Writes the separator and indentation before a value (unless it follows its key).
   void beforeValue();
   void newline();
   void writeString(std::string_view text);

   std::ostream& out_;
   std::vector<bool> hasMembers_;  // per open container: has it got an element yet
   bool afterKey_ = false;
};

}  // namespace kiln::bench
