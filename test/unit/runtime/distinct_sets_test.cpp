// DistinctSets reports a (group, value) pair as new exactly once, whatever the values (empty,
// short, long, equal bytes in other groups) and however often the table has grown.
#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "runtime/distinct_sets.h"

namespace {

TEST(DistinctSets, ReportsEachValueOfAGroupOnce) {
   kiln::DistinctSets sets;
   std::vector<void*> groups(5000, nullptr);
   std::set<std::pair<size_t, std::string>> seen;
   std::mt19937 random(5);
   for (int i = 0; i < 200000; ++i) {
      size_t group = random() % groups.size();
      std::string value;
      switch (random() % 3) {
         case 0: value = std::to_string(random() % 50); break;
         case 1: value = std::string(random() % 40, char('a' + random() % 3)); break;
         default: break;  // the empty string
      }
      bool expected = seen.insert({group, value}).second;
      ASSERT_EQ(sets.insert(&groups[group], value), expected) << group << " '" << value << "'";
   }
}

}  // namespace
