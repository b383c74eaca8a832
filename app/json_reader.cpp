#include "app/json_reader.hpp"

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "search/input_error.hpp"

namespace alphactor::app {
namespace {

const char* type_name(const JsonValue& v) {
  if (v.is_null()) return "null";
  if (v.is_bool()) return "a boolean";
  if (v.is_number()) return "a number";
  if (v.is_string()) return "a string";
  if (v.is_array()) return "an array";
  return "an object";
}

[[noreturn]] void wrong_type(std::string_view what, const char* wanted, const JsonValue& v) {
  throw InputError(std::string(what) + ": expected " + wanted + ", found " + type_name(v));
}

// Recursive descent over the text; `pos_` never passes text_.size().
class Parser {
 public:
  explicit Parser(std::string_view text) : text_(text) {}

  JsonValue document() {
    JsonValue v = value(0);
    skip_space();
    if (pos_ != text_.size()) fail("end of the text after the value");
    return v;
  }

 private:
  [[noreturn]] void fail(std::string_view expected) const {
    int line = 1, column = 1;
    for (std::size_t i = 0; i < pos_; ++i) {
      if (text_[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    std::string found = pos_ < text_.size() ? "'" + std::string(1, text_[pos_]) + "'" : "the end";
    if (pos_ < text_.size() && static_cast<unsigned char>(text_[pos_]) < 0x20)
      found = "control character " + std::to_string(int(text_[pos_]));
    throw InputError("JSON line " + std::to_string(line) + " column " + std::to_string(column) +
                     ": expected " + std::string(expected) + ", found " + found);
  }
  void skip_space() {
    while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\t' ||
                                   text_[pos_] == '\n' || text_[pos_] == '\r'))
      ++pos_;
  }
  bool eat(char c) {
    if (pos_ < text_.size() && text_[pos_] == c) {
      ++pos_;
      return true;
    }
    return false;
  }
  void literal(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) fail("a value");
    pos_ += word.size();
  }

  JsonValue value(int depth) {
    if (depth > kMaxJsonDepth) fail("at most " + std::to_string(kMaxJsonDepth) + " nested levels");
    skip_space();
    if (pos_ >= text_.size()) fail("a value");
    switch (text_[pos_]) {
      case '{':
        return object(depth);
      case '[':
        return array(depth);
      case '"':
        return JsonValue(string());
      case 't':
        literal("true");
        return JsonValue(true);
      case 'f':
        literal("false");
        return JsonValue(false);
      case 'n':
        literal("null");
        return JsonValue();
      default:
        return JsonValue(number());
    }
  }

  JsonValue object(int depth) {
    ++pos_;  // '{'
    JsonValue::Object members;
    skip_space();
    if (eat('}')) return JsonValue(std::move(members));
    for (;;) {
      skip_space();
      if (pos_ >= text_.size() || text_[pos_] != '"') fail("a string key");
      std::string key = string();
      skip_space();
      if (!eat(':')) fail("':' after a key");
      members.emplace_back(std::move(key), value(depth + 1));
      skip_space();
      if (eat('}')) return JsonValue(std::move(members));
      if (!eat(',')) fail("',' or '}' in an object");
    }
  }

  JsonValue array(int depth) {
    ++pos_;  // '['
    JsonValue::Array items;
    skip_space();
    if (eat(']')) return JsonValue(std::move(items));
    for (;;) {
      items.push_back(value(depth + 1));
      skip_space();
      if (eat(']')) return JsonValue(std::move(items));
      if (!eat(',')) fail("',' or ']' in an array");
    }
  }

  double number() {
    const std::size_t start = pos_;
    eat('-');
    if (eat('0')) {
    } else if (pos_ < text_.size() && text_[pos_] >= '1' && text_[pos_] <= '9') {
      digits();
    } else {
      fail("a value");
    }
    if (eat('.')) {
      if (!digits()) fail("a digit after '.'");
    }
    if (eat('e') || eat('E')) {
      if (!eat('+')) eat('-');
      if (!digits()) fail("a digit in the exponent");
    }
    const std::string token(text_.substr(start, pos_ - start));
    errno = 0;
    const double d = std::strtod(token.c_str(), nullptr);
    if (errno == ERANGE && (d > 1 || d < -1)) {
      pos_ = start;
      fail("a number within the range of a double");
    }
    return d;
  }
  bool digits() {
    const std::size_t start = pos_;
    while (pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
    return pos_ > start;
  }

  std::string string() {
    ++pos_;  // '"'
    std::string out;
    for (;;) {
      if (pos_ >= text_.size()) fail("'\"' closing the string");
      const char c = text_[pos_];
      if (static_cast<unsigned char>(c) < 0x20) fail("no control character in a string");
      ++pos_;
      if (c == '"') return out;
      if (c != '\\') {
        out += c;
        continue;
      }
      if (pos_ >= text_.size()) fail("an escape");
      switch (text_[pos_++]) {
        case '"':
          out += '"';
          break;
        case '\\':
          out += '\\';
          break;
        case '/':
          out += '/';
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u':
          append_utf8(out, code_point());
          break;
        default:
          --pos_;
          fail("one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u");
      }
    }
  }
  std::uint32_t hex4() {
    std::uint32_t v = 0;
    for (int i = 0; i < 4; ++i) {
      if (pos_ >= text_.size()) fail("four hex digits");
      const char c = text_[pos_];
      const int d = c >= '0' && c <= '9'   ? c - '0'
                    : c >= 'a' && c <= 'f' ? c - 'a' + 10
                    : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                           : -1;
      if (d < 0) fail("four hex digits");
      v = v * 16 + static_cast<std::uint32_t>(d);
      ++pos_;
    }
    return v;
  }
  std::uint32_t code_point() {
    const std::uint32_t first = hex4();
    if (first >= 0xDC00 && first <= 0xDFFF) fail("a high surrogate before a low one");
    if (first < 0xD800 || first > 0xDBFF) return first;
    if (!eat('\\') || !eat('u')) fail("a low surrogate \\uDC00..\\uDFFF");
    const std::uint32_t second = hex4();
    if (second < 0xDC00 || second > 0xDFFF) fail("a low surrogate \\uDC00..\\uDFFF");
    return 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00);
  }
  static void append_utf8(std::string& out, std::uint32_t cp) {
    if (cp < 0x80) {
      out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      out += static_cast<char>(0xC0 | (cp >> 6));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += static_cast<char>(0xE0 | (cp >> 12));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (cp >> 18));
      out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (cp & 0x3F));
    }
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

}  // namespace

bool JsonValue::as_bool(std::string_view what) const {
  if (!is_bool()) wrong_type(what, "a boolean", *this);
  return std::get<bool>(v_);
}
double JsonValue::as_number(std::string_view what) const {
  if (!is_number()) wrong_type(what, "a number", *this);
  return std::get<double>(v_);
}
const std::string& JsonValue::as_string(std::string_view what) const {
  if (!is_string()) wrong_type(what, "a string", *this);
  return std::get<std::string>(v_);
}
const JsonValue::Array& JsonValue::as_array(std::string_view what) const {
  if (!is_array()) wrong_type(what, "an array", *this);
  return std::get<Array>(v_);
}
const JsonValue::Object& JsonValue::as_object(std::string_view what) const {
  if (!is_object()) wrong_type(what, "an object", *this);
  return std::get<Object>(v_);
}
const JsonValue* JsonValue::find(std::string_view key) const {
  if (!is_object()) return nullptr;
  for (const auto& [k, v] : std::get<Object>(v_))
    if (k == key) return &v;
  return nullptr;
}

JsonValue parse_json(std::string_view text) {
  return Parser(text).document();
}

JsonValue read_json_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError("cannot read '" + path + "'");
  std::ostringstream text;
  text << in.rdbuf();
  try {
    return parse_json(text.str());
  } catch (const InputError& e) {
    throw InputError(path + ": " + e.what());
  }
}

}  // namespace alphactor::app
