// What the tests of constraints share: their errors as text, and databases on disk that must
// keep the constraints over a reopen.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <string>

#include "kiln/kiln.h"

namespace kiln::testing {

/// A directory for a database, empty.
inline std::string freshDirectory(const std::string& name) {
   auto path = std::filesystem::temp_directory_path() / ("kiln-" + name);
   std::filesystem::remove_all(path);
   return path.string();
}

/// The error `sql` fails with, as "SQLSTATE: message"; empty when it succeeds.
inline std::string failure(Connection& con, const std::string& sql) {
   try {
      con.query(sql);
   } catch (const Error& error) {
      return error.sqlstate() + ": " + error.message();
   }
   return "";
}

/// Makes a database in a fresh directory `name` (`make(directory, checkpointAt)`: after which
/// step to take a checkpoint, 0 for none) and checks it once opened again (`expect`); with a
/// checkpoint at step 1, once more after a checkpoint of the recovered database.
inline void expectSurvivesReopen(const std::string& name, int checkpointAt, const std::function<void(const std::string&, int)>& make,
                                 const std::function<void(const std::string&)>& expect) {
   std::string directory = freshDirectory(name);
   make(directory, checkpointAt);
   expect(directory);
   if (checkpointAt == 1) {
      {
         Database db(directory);
         Connection con(db);
         con.query("CHECKPOINT");
      }
      expect(directory);
   }
   std::filesystem::remove_all(directory);
}

}  // namespace kiln::testing
