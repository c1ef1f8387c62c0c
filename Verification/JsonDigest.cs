using System.Buffers;
using System.Text;
using System.Text.Json;

namespace EventCommitLab.Verification;

/// <summary>
/// A 64-bit digest of a JSON document that survives a store's re-rendering of it: PostgreSQL's jsonb reorders keys
/// and respaces, MongoDB's BSON turns 12.30 into 12.3 and may escape differently. So keys are combined in any order,
/// strings are hashed unescaped, numbers by their double value; anything else about the document changes the digest.
/// FNV-1a, so the digest is the same in every process (a ledger may be kept by another process than the writer).
/// </summary>
public static class JsonDigest
{
    private const ulong Offset = 14695981039346656037;
    private const ulong Prime = 1099511628211;
    private const int StackBytes = 1024;

    /// <summary>The digest of <paramref name="json"/>; text that is not JSON is digested as plain text, apart from any JSON.</summary>
    public static ulong Of(string json)
    {
        ArgumentNullException.ThrowIfNull(json);
        var maxBytes = Encoding.UTF8.GetMaxByteCount(json.Length);
        byte[]? rented = null;
        Span<byte> buffer = maxBytes <= StackBytes ? stackalloc byte[StackBytes] : (rented = ArrayPool<byte>.Shared.Rent(maxBytes));
        try
        {
            var utf8 = buffer[..Encoding.UTF8.GetBytes(json, buffer)];
            try
            {
                var reader = new Utf8JsonReader(utf8);
                return reader.Read() ? Value(ref reader) : Hash(Offset, utf8) ^ 1;
            }
            catch (JsonException)
            {
                return Hash(Offset, utf8) ^ 1;
            }
        }
        finally
        {
            if (rented is not null)
            {
                ArrayPool<byte>.Shared.Return(rented);
            }
        }
    }

    /// <summary>The digest of a list of strings, in order.</summary>
    public static ulong OfList(IReadOnlyList<string> items)
    {
        ArgumentNullException.ThrowIfNull(items);
        var hash = Offset;
        foreach (var item in items)
        {
            hash = Mix(hash, Text(item));
        }

        return Mix(hash, (ulong)items.Count);
    }

    private static ulong Value(ref Utf8JsonReader reader)
    {
        switch (reader.TokenType)
        {
            case JsonTokenType.StartObject:
                // A sum of the members' hashes: the same members in any order give the same digest.
                ulong members = 0;
                while (reader.Read() && reader.TokenType != JsonTokenType.EndObject)
                {
                    var name = String(ref reader);
                    reader.Read();
                    members += Mix(Mix(Offset, name), Value(ref reader));
                }

                return Mix(Offset ^ 'o', members);
            case JsonTokenType.StartArray:
                var elements = Offset ^ 'a';
                while (reader.Read() && reader.TokenType != JsonTokenType.EndArray)
                {
                    elements = Mix(elements, Value(ref reader));
                }

                return Mix(elements, 'a');
            case JsonTokenType.String:
                return Mix(Offset ^ 's', String(ref reader));
            case JsonTokenType.Number:
                // 12.30 and 12.3 are one number; a value no double holds is compared as its text.
                return reader.TryGetDouble(out var number) && double.IsFinite(number)
                    ? Mix(Offset ^ 'n', (ulong)BitConverter.DoubleToInt64Bits(number == 0 ? 0 : number))
                    : Mix(Offset ^ 'N', Hash(Offset, reader.ValueSpan));
            case JsonTokenType.True:
                return Offset ^ 't';
            case JsonTokenType.False:
                return Offset ^ 'f';
            default:
                return Offset ^ 'z';
        }
    }

    private static ulong String(ref Utf8JsonReader reader)
    {
        if (!reader.ValueIsEscaped)
        {
            return Hash(Offset, reader.ValueSpan);
        }

        var length = reader.ValueSpan.Length;
        byte[]? rented = null;
        Span<byte> buffer = length <= StackBytes ? stackalloc byte[StackBytes] : (rented = ArrayPool<byte>.Shared.Rent(length));
        try
        {
            return Hash(Offset, buffer[..reader.CopyString(buffer)]);
        }
        finally
        {
            if (rented is not null)
            {
                ArrayPool<byte>.Shared.Return(rented);
            }
        }
    }

    private static ulong Text(string text)
    {
        var hash = Offset;
        foreach (var c in text)
        {
            hash = (hash ^ c) * Prime;
        }

        return hash;
    }

    private static ulong Hash(ulong hash, ReadOnlySpan<byte> bytes)
    {
        foreach (var b in bytes)
        {
            hash = (hash ^ b) * Prime;
        }

        return hash;
    }

    private static ulong Mix(ulong hash, ulong value)
    {
        for (var i = 0; i < 8; i++)
        {
            hash = (hash ^ (value & 0xFF)) * Prime;
            value >>= 8;
        }

        return hash;
    }
}
