#pragma once
// A JSON Schema checker for the keywords docs/*.schema.json use, so the tests can validate the
// CLI's and exporters' JSON without a validator package.
#include <nlohmann/json.hpp>

#include <algorithm>
#include <string>

// The JSON Schema keywords the schemas in docs/ use: type, const, enum, required,
// properties, additionalProperties, items, minItems, maxItems, minimum, $ref. Returns the
// first violation as "PATH: reason", or "".
inline std::string schema_violation(const nlohmann::json& schema_root, const nlohmann::json& schema, const nlohmann::json& v, const std::string& path) {
    const nlohmann::json* s = &schema;
    if (s->contains("$ref")) {
        const std::string ref = (*s)["$ref"];
        s = &schema_root["$defs"][ref.substr(std::string("#/$defs/").size())];
    }
    const auto type_ok = [&](const std::string& t) {
        return (t == "object" && v.is_object()) || (t == "array" && v.is_array()) || (t == "string" && v.is_string()) ||
               (t == "integer" && v.is_number_integer()) || (t == "boolean" && v.is_boolean()) ||
               (t == "null" && v.is_null());
    };
    if (s->contains("type")) {
        const nlohmann::json& t = (*s)["type"];
        bool ok = false;
        if (t.is_string()) ok = type_ok(t);
        else for (const nlohmann::json& one : t) ok = ok || type_ok(one);
        if (!ok) return path + ": wrong type";
    }
    if (s->contains("const") && v != (*s)["const"]) return path + ": not the constant";
    if (s->contains("enum") && std::find((*s)["enum"].begin(), (*s)["enum"].end(), v) == (*s)["enum"].end())
        return path + ": not one of the enum";
    if (s->contains("minimum") && v.is_number_integer() && v.get<std::int64_t>() < (*s)["minimum"].get<std::int64_t>())
        return path + ": below the minimum";
    if (v.is_object()) {
        for (const nlohmann::json& r : s->value("required", nlohmann::json::array()))
            if (!v.contains(r.get<std::string>())) return path + ": missing " + r.get<std::string>();
        for (const auto& [k, item] : v.items()) {
            if (s->contains("properties") && (*s)["properties"].contains(k)) {
                if (auto e = schema_violation(schema_root, (*s)["properties"][k], item, path + "/" + k); !e.empty()) return e;
            } else if (s->value("additionalProperties", true) == false) {
                return path + ": unknown key " + k;
            }
        }
    }
    if (v.is_array()) {
        if (s->contains("minItems") && v.size() < (*s)["minItems"].get<std::size_t>()) return path + ": too few items";
        if (s->contains("maxItems") && v.size() > (*s)["maxItems"].get<std::size_t>()) return path + ": too many items";
        if (s->contains("items"))
            for (std::size_t i = 0; i < v.size(); ++i)
                if (auto e = schema_violation(schema_root, (*s)["items"], v[i], path + "/" + std::to_string(i)); !e.empty()) return e;
    }
    return {};
}
