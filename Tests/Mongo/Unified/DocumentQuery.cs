using MongoDB.Bson;

namespace EventCommitLab.Tests.Mongo.Unified;

/// <summary>
/// The query language of the emulated server, as far as the specification tests use it: equality and comparison
/// filters on top-level fields, inclusion projections, and the update operators $set, $inc, $unset and $setOnInsert.
/// </summary>
internal static class DocumentQuery
{
    public static bool Matches(BsonDocument document, BsonDocument filter)
    {
        foreach (var condition in filter)
        {
            var present = document.TryGetValue(condition.Name, out var actual);
            if (condition.Value is BsonDocument operators && operators.ElementCount > 0 && operators.GetElement(0).Name.StartsWith('$'))
            {
                if (!operators.All(o => Satisfies(present ? actual : null, o.Name, o.Value)))
                {
                    return false;
                }
            }
            else if (!present || !SameValue(actual!, condition.Value))
            {
                return false;
            }
        }

        return true;
    }

    /// <summary>Values equal as MongoDB compares them: numbers by value, whatever their BSON type.</summary>
    public static bool SameValue(BsonValue a, BsonValue b) => a.IsNumeric && b.IsNumeric ? a.ToDouble() == b.ToDouble() : a.Equals(b);

    public static BsonDocument Project(BsonDocument document, BsonDocument? projection)
    {
        if (projection is null || projection.ElementCount == 0)
        {
            return document;
        }

        var projected = new BsonDocument();
        var withoutId = projection.TryGetValue("_id", out var id) && !id.ToBoolean();
        foreach (var element in document)
        {
            if ((element.Name == "_id" && !withoutId) || (projection.TryGetValue(element.Name, out var include) && include.ToBoolean() && element.Name != "_id"))
            {
                projected[element.Name] = element.Value;
            }
        }

        return projected;
    }

    /// <summary>Applies an update (operators, or a whole replacement that keeps the _id); true when the document changed.</summary>
    public static bool Apply(BsonDocument document, BsonDocument update, bool inserting)
    {
        var before = document.DeepClone();
        if (update.ElementCount > 0 && update.GetElement(0).Name.StartsWith('$'))
        {
            foreach (var operation in update)
            {
                foreach (var field in operation.Value.AsBsonDocument)
                {
                    switch (operation.Name)
                    {
                        case "$set":
                            document[field.Name] = field.Value;
                            break;
                        case "$setOnInsert" when inserting:
                            document[field.Name] = field.Value;
                            break;
                        case "$setOnInsert":
                            break;
                        case "$unset":
                            document.Remove(field.Name);
                            break;
                        case "$inc":
                            document[field.Name] = Add(document.GetValue(field.Name, 0), field.Value);
                            break;
                        default:
                            throw new NotSupportedException($"the emulated server does not know the update operator {operation.Name}");
                    }
                }
            }
        }
        else
        {
            var id = document.GetValue("_id", BsonNull.Value);
            document.Clear();
            document["_id"] = id;
            foreach (var element in update)
            {
                if (element.Name != "_id")
                {
                    document[element.Name] = element.Value;
                }
            }
        }

        return !before.Equals(document);
    }

    /// <summary>The document an upsert starts from: the filter's equality conditions.</summary>
    public static BsonDocument Seed(BsonDocument filter)
    {
        var seed = new BsonDocument();
        foreach (var condition in filter)
        {
            if (condition.Value is not BsonDocument operators || operators.ElementCount == 0 || !operators.GetElement(0).Name.StartsWith('$'))
            {
                seed[condition.Name] = condition.Value;
            }
        }

        return seed;
    }

    private static bool Satisfies(BsonValue? actual, string op, BsonValue operand) => op switch
    {
        "$eq" => actual is not null && SameValue(actual, operand),
        "$ne" => actual is null || !SameValue(actual, operand),
        "$gt" => actual is not null && Compare(actual, operand) > 0,
        "$gte" => actual is not null && Compare(actual, operand) >= 0,
        "$lt" => actual is not null && Compare(actual, operand) < 0,
        "$lte" => actual is not null && Compare(actual, operand) <= 0,
        "$in" => actual is not null && operand.AsBsonArray.Any(v => SameValue(actual, v)),
        "$exists" => (actual is not null) == operand.ToBoolean(),
        _ => throw new NotSupportedException($"the emulated server does not know the query operator {op}"),
    };

    private static int Compare(BsonValue a, BsonValue b) => a.IsNumeric && b.IsNumeric ? a.ToDouble().CompareTo(b.ToDouble()) : a.CompareTo(b);

    private static BsonValue Add(BsonValue current, BsonValue increment) => (current, increment) switch
    {
        (BsonInt32 x, BsonInt32 y) => new BsonInt32(x.Value + y.Value),
        (BsonDouble, _) or (_, BsonDouble) => new BsonDouble(current.ToDouble() + increment.ToDouble()),
        _ => new BsonInt64(current.ToInt64() + increment.ToInt64()),
    };
}
