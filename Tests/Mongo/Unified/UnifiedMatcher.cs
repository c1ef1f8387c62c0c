using MongoDB.Bson;

namespace EventCommitLab.Tests.Mongo.Unified;

/// <summary>
/// The unified test format's matching rules: root-level documents may hold fields the expectation does not name,
/// nested ones may not; numbers match by value whatever their BSON type; and the operators $$exists, $$type,
/// $$unsetOrMatches and $$sessionLsid.
/// </summary>
internal sealed class UnifiedMatcher(Func<string, BsonDocument> sessionLsid)
{
    /// <summary>Null when <paramref name="actual"/> matches; otherwise where and how it does not.</summary>
    public string? Mismatch(BsonValue expected, BsonValue? actual, bool root, string path = "")
    {
        if (Operator(expected) is { } op)
        {
            return OperatorMismatch(op.Name, op.Value, actual, root, path);
        }

        if (actual is null)
        {
            return $"{Where(path)}: expected {expected}, found nothing";
        }

        switch (expected)
        {
            case BsonDocument document:
            {
                if (actual is not BsonDocument actualDocument)
                {
                    return $"{Where(path)}: expected a document {expected}, found {actual}";
                }

                foreach (var element in document)
                {
                    var present = actualDocument.TryGetValue(element.Name, out var value);
                    if (Operator(element.Value) is { Name: "$$exists" } exists)
                    {
                        if (present != exists.Value.ToBoolean())
                        {
                            return $"{Where(path + "." + element.Name)}: expected {(exists.Value.ToBoolean() ? "present" : "absent")}, found {(present ? value : "nothing")}";
                        }

                        continue;
                    }

                    if (Mismatch(element.Value, present ? value : null, root: false, path + "." + element.Name) is { } nested)
                    {
                        return nested;
                    }
                }

                if (!root && actualDocument.Names.FirstOrDefault(n => !document.Contains(n)) is { } extra)
                {
                    return $"{Where(path + "." + extra)}: not expected in a nested document, found {actualDocument[extra]}";
                }

                return null;
            }

            case BsonArray array:
            {
                if (actual is not BsonArray actualArray || actualArray.Count != array.Count)
                {
                    return $"{Where(path)}: expected {array}, found {actual}";
                }

                for (var i = 0; i < array.Count; i++)
                {
                    if (Mismatch(array[i], actualArray[i], root, $"{path}[{i}]") is { } nested)
                    {
                        return nested;
                    }
                }

                return null;
            }

            default:
                return expected.IsNumeric && actual.IsNumeric ? (expected.ToDouble() == actual.ToDouble() ? null : $"{Where(path)}: expected {expected}, found {actual}")
                    : expected.Equals(actual) ? null : $"{Where(path)}: expected {expected} ({expected.BsonType}), found {actual} ({actual.BsonType})";
        }
    }

    private string? OperatorMismatch(string name, BsonValue operand, BsonValue? actual, bool root, string path)
    {
        switch (name)
        {
            case "$$exists":
                return (actual is not null) == operand.ToBoolean() ? null : $"{Where(path)}: expected {(operand.ToBoolean() ? "present" : "absent")}";
            case "$$unsetOrMatches":
                return actual is null ? null : Mismatch(operand, actual, root, path);
            case "$$type":
                var types = operand is BsonArray list ? list.Select(t => t.AsString).ToArray() : [operand.AsString];
                return actual is not null && types.Contains(TypeName(actual)) ? null : $"{Where(path)}: expected a value of type {string.Join(" or ", types)}, found {actual?.ToString() ?? "nothing"}";
            case "$$sessionLsid":
                var lsid = sessionLsid(operand.AsString);
                return lsid.Equals(actual) ? null : $"{Where(path)}: expected the lsid of {operand}, found {actual?.ToString() ?? "nothing"}";
            default:
                throw new NotSupportedException($"the runner does not implement the operator {name}");
        }
    }

    private static (string Name, BsonValue Value)? Operator(BsonValue value) =>
        value is BsonDocument { ElementCount: 1 } document && document.GetElement(0).Name.StartsWith("$$", StringComparison.Ordinal)
            ? (document.GetElement(0).Name, document.GetElement(0).Value)
            : null;

    private static string TypeName(BsonValue value) => value.BsonType switch
    {
        BsonType.Int32 => "int",
        BsonType.Int64 => "long",
        BsonType.Double => "double",
        BsonType.String => "string",
        BsonType.Document => "object",
        BsonType.Array => "array",
        BsonType.Boolean => "bool",
        BsonType.Binary => "binData",
        BsonType.Timestamp => "timestamp",
        BsonType.ObjectId => "objectId",
        BsonType.Null => "null",
        BsonType.DateTime => "date",
        BsonType.Decimal128 => "decimal",
        var other => other.ToString(),
    };

    private static string Where(string path) => path.Length == 0 ? "the value" : path.TrimStart('.');
}
