namespace EventCommitLab.Stores.Mongo.Wire;

/// <summary>
/// Any failure of the MongoDB client. Carries error labels, which the server attaches to its errors and the client
/// attaches to the errors it sees itself (a network error in a transaction is a TransientTransactionError; a commit
/// whose outcome is unknown is an UnknownTransactionCommitResult): callers decide on labels, never on message text.
/// </summary>
public abstract class MongoException : Exception
{
    public const string TransientTransactionError = "TransientTransactionError";
    public const string UnknownTransactionCommitResult = "UnknownTransactionCommitResult";
    public const string RetryableWriteError = "RetryableWriteError";

    private readonly List<string> _labels;

    protected MongoException(string message, IEnumerable<string>? labels = null, Exception? innerException = null)
        : base(message, innerException)
    {
        _labels = labels is null ? [] : [.. labels.Distinct(StringComparer.Ordinal)];
    }

    public IReadOnlyList<string> Labels => _labels;

    public bool HasLabel(string label) => _labels.Contains(label, StringComparer.Ordinal);

    internal void AddLabel(string label)
    {
        if (!HasLabel(label))
        {
            _labels.Add(label);
        }
    }

    internal void RemoveLabel(string label) => _labels.Remove(label);
}
