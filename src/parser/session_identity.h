// Who and where a session is: kiln has no roles, catalogs or schemas to choose, one of each.
#pragma once

namespace kiln {

/// What current_user and session_user answer; the one role, owner of everything.
constexpr const char* sessionUser = "kiln";
/// What current_database() and current_catalog answer.
constexpr const char* databaseName = "kiln";
/// What current_schema answers: the schema every table is in.
constexpr const char* schemaName = "public";

}  // namespace kiln
