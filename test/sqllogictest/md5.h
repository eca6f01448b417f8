// MD5 (RFC 1321), for sqllogictest's "N values hashing to <md5>" results.
#pragma once

#include <string>

namespace kiln::sqllogictest {

/// The MD5 digest of data as 32 lowercase hex digits.
std::string md5Hex(const std::string& data);

}  // namespace kiln::sqllogictest
