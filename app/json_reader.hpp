// A small JSON reader for the files alphactor writes itself (results.json), so that commands
// such as `plot` can read a run back. Full JSON syntax (RFC 8259): objects keep their keys in
// file order, numbers are doubles, strings are UTF-8 with \uXXXX escapes decoded (surrogate
// pairs included). Malformed text throws InputError naming the line and column and what was
// expected; nesting deeper than kMaxJsonDepth is refused rather than overflowing the stack.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace alphactor::app {

inline constexpr int kMaxJsonDepth = 256;

class JsonValue {
 public:
  using Array = std::vector<JsonValue>;
  using Object = std::vector<std::pair<std::string, JsonValue>>;

  JsonValue() = default;  // null
  explicit JsonValue(bool b) : v_(b) {}
  explicit JsonValue(double d) : v_(d) {}
  explicit JsonValue(std::string s) : v_(std::move(s)) {}
  explicit JsonValue(Array a) : v_(std::move(a)) {}
  explicit JsonValue(Object o) : v_(std::move(o)) {}

  [[nodiscard]] bool is_null() const { return std::holds_alternative<std::monostate>(v_); }
  [[nodiscard]] bool is_bool() const { return std::holds_alternative<bool>(v_); }
  [[nodiscard]] bool is_number() const { return std::holds_alternative<double>(v_); }
  [[nodiscard]] bool is_string() const { return std::holds_alternative<std::string>(v_); }
  [[nodiscard]] bool is_array() const { return std::holds_alternative<Array>(v_); }
  [[nodiscard]] bool is_object() const { return std::holds_alternative<Object>(v_); }

  // The value as the type asked for; InputError naming `what` when it is something else.
  [[nodiscard]] bool as_bool(std::string_view what) const;
  [[nodiscard]] double as_number(std::string_view what) const;
  [[nodiscard]] const std::string& as_string(std::string_view what) const;
  [[nodiscard]] const Array& as_array(std::string_view what) const;
  [[nodiscard]] const Object& as_object(std::string_view what) const;

  // An object's member, or nullptr when absent (or when this is not an object).
  [[nodiscard]] const JsonValue* find(std::string_view key) const;

 private:
  std::variant<std::monostate, bool, double, std::string, Array, Object> v_;
};

// Parses one JSON text (surrounding whitespace allowed, nothing else after it).
JsonValue parse_json(std::string_view text);

// Reads and parses a file; InputError naming the file when it cannot be read or parsed.
JsonValue read_json_file(const std::string& path);

}  // namespace alphactor::app
