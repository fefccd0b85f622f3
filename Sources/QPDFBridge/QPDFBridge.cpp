// The C interface in include/QPDFBridge.h over libqpdf's C++ API; see there for the contracts.
#include "QPDFBridge.h"

// std::shared_ptr only: qpdf 11's PointerHolder compatibility layer is left out (and its warning with it).
#define POINTERHOLDER_TRANSITION 4
#include <qpdf/Pipeline.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFLogger.hh>
#include <qpdf/QPDFPageDocumentHelper.hh>

#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <map>
#include <sstream>
#include <vector>

struct mkpdf_qpdf {
    QPDF pdf;
};

namespace {

char *copy(std::string const &text) {
    char *result = static_cast<char *>(std::malloc(text.size() + 1));
    if (result) std::memcpy(result, text.c_str(), text.size() + 1);
    return result;
}

void set(char **out, std::string const &text) {
    if (out) *out = copy(text);
}

/// Thrown by the pipelines below to stop qpdf's decoding early; never leaves this file.
struct Stop {
    int reason;
};

/// Counts bytes and stops the pipe once there are more than `limit`: measures without keeping anything.
class Counter final : public Pipeline {
  public:
    explicit Counter(uint64_t limit) : Pipeline("mkpdf counter", nullptr), limit(limit) {}
    void write(unsigned char const *, size_t length) override {
        count += length;
        if (count > limit) throw Stop{1};
    }
    void finish() override {}
    uint64_t count = 0;

  private:
    uint64_t limit;
};

/// Keeps up to `limit` bytes in a string, then stops the pipe.
class Collect final : public Pipeline {
  public:
    Collect(std::string *out, uint64_t limit) : Pipeline("mkpdf collect", nullptr), out(out), limit(limit) {}
    void write(unsigned char const *bytes, size_t length) override {
        if (out->size() + length > limit) throw Stop{1};
        out->append(reinterpret_cast<char const *>(bytes), length);
    }
    void finish() override {}

  private:
    std::string *out;
    uint64_t limit;
};

std::string warnings(QPDF &pdf) {
    std::string text;
    for (auto const &warning : pdf.getWarnings()) {
        if (!text.empty()) text += "\n";
        text += warning.what();
    }
    return text;
}

} // namespace

extern "C" {

mkpdf_qpdf *mkpdf_qpdf_open(const char *path, const unsigned char *bytes, size_t length, const char *password,
                            char **error) {
    auto document = std::make_unique<mkpdf_qpdf>();
    try {
        auto logger = QPDFLogger::create();
        logger->setInfo(logger->discard());
        logger->setWarn(logger->discard());
        logger->setError(logger->discard());
        document->pdf.setLogger(logger);
        document->pdf.setSuppressWarnings(true);
        if (bytes) {
            document->pdf.processMemoryFile(path, reinterpret_cast<const char *>(bytes), length, password);
        } else {
            document->pdf.processFile(path, password);
        }
        (void)document->pdf.getWarnings();
        return document.release();
    } catch (std::exception &e) {
        set(error, e.what());
    } catch (...) {
        set(error, "unknown error");
    }
    return nullptr;
}

void mkpdf_qpdf_close(mkpdf_qpdf *document) { delete document; }

int mkpdf_qpdf_check_linearization(mkpdf_qpdf *document, char **messages) {
    try {
        (void)document->pdf.getWarnings();
        if (!document->pdf.isLinearized()) return 0;
        bool sound = document->pdf.checkLinearization();
        std::string text = warnings(document->pdf);
        if (sound && text.empty()) return 1;
        set(messages, text.empty() ? std::string("linearization data is not consistent") : text);
        return 2;
    } catch (std::exception &e) {
        set(messages, std::string("error encountered while checking linearization data: ") + e.what());
    } catch (...) {
        set(messages, "unknown error while checking linearization data");
    }
    return 2;
}

int mkpdf_qpdf_find_oversized_streams(mkpdf_qpdf *document, uint64_t limit, int *object, char **error) {
    int found = 0;
    try {
        for (auto &handle : document->pdf.getAllObjects()) {
            if (!handle.isStream()) continue;
            Counter counter(limit);
            try {
                handle.pipeStreamData(&counter, 0, qpdf_dl_generalized, true, false);
            } catch (Stop &) {
                if (found++ == 0 && object) *object = handle.getObjectID();
            } catch (std::exception &) {
                // Undecodable streams are qpdf's check to report, not a size question.
            }
        }
        (void)document->pdf.getWarnings();
        return found;
    } catch (std::exception &e) {
        set(error, e.what());
    } catch (...) {
        set(error, "unknown error");
    }
    return -1;
}

int mkpdf_qpdf_check_object_streams(mkpdf_qpdf *document, uint64_t limit, char **problem) {
    try {
        std::map<int, std::vector<long long>> headers; // object stream number → its header's numbers
        int mismatches = 0;
        for (auto const &[objgen, entry] : document->pdf.getXRefTable()) {
            if (entry.getType() != 2) continue;
            int streamNumber = entry.getObjStreamNumber();
            auto found = headers.find(streamNumber);
            if (found == headers.end()) {
                std::vector<long long> numbers;
                auto stream = document->pdf.getObjectByID(streamNumber, 0);
                if (stream.isStream()) {
                    auto dict = stream.getDict();
                    long long count = dict.getKey("/N").isInteger() ? dict.getKey("/N").getIntValue() : 0;
                    long long first = dict.getKey("/First").isInteger() ? dict.getKey("/First").getIntValue() : 0;
                    std::string data;
                    Collect collect(&data, limit);
                    bool complete = false;
                    try {
                        complete = stream.pipeStreamData(&collect, 0, qpdf_dl_generalized, true, false);
                    } catch (Stop &) {
                    }
                    if (complete && first > 0 && static_cast<size_t>(first) <= data.size()) {
                        std::istringstream header(data.substr(0, static_cast<size_t>(first)));
                        long long value;
                        while (static_cast<long long>(numbers.size()) < 2 * count && header >> value) numbers.push_back(value);
                    }
                }
                found = headers.emplace(streamNumber, std::move(numbers)).first;
            }
            auto const &numbers = found->second;
            size_t at = 2 * static_cast<size_t>(entry.getObjStreamIndex());
            if (numbers.empty() || at >= numbers.size()) continue;
            if (numbers[at] != objgen.getObj()) {
                if (mismatches++ == 0) {
                    set(problem, "the cross-reference stream puts object " + std::to_string(objgen.getObj()) +
                                     " at index " + std::to_string(entry.getObjStreamIndex()) + " of object stream " +
                                     std::to_string(streamNumber) + ", whose header names object " +
                                     std::to_string(numbers[at]) + " there");
                }
            }
        }
        (void)document->pdf.getWarnings();
        return mismatches;
    } catch (std::exception &e) {
        set(problem, e.what());
    } catch (...) {
        set(problem, "unknown error");
    }
    return -1;
}

int mkpdf_qpdf_page_content_sizes(mkpdf_qpdf *document, uint64_t limit, uint64_t *sizes, int capacity, char **error) {
    try {
        auto pages = QPDFPageDocumentHelper(document->pdf).getAllPages();
        int count = static_cast<int>(pages.size());
        for (int index = 0; index < count && index < capacity; ++index) {
            auto contents = pages.at(static_cast<size_t>(index)).getObjectHandle().getKey("/Contents");
            std::vector<QPDFObjectHandle> streams;
            if (contents.isStream()) {
                streams.push_back(contents);
            } else if (contents.isArray()) {
                for (auto &item : contents.getArrayAsVector())
                    if (item.isStream()) streams.push_back(item);
            }
            Counter counter(limit);
            uint64_t size = 0;
            try {
                for (auto &stream : streams) {
                    if (!stream.pipeStreamData(&counter, 0, qpdf_dl_specialized, true, false)) {
                        size = UINT64_MAX;
                        break;
                    }
                    counter.count += 1; // the newline qpdf may put between streams
                }
                if (size == 0) size = counter.count;
            } catch (Stop &) {
                size = limit + 1;
            } catch (std::exception &) {
                size = UINT64_MAX;
            }
            sizes[index] = size;
        }
        (void)document->pdf.getWarnings();
        return count;
    } catch (std::exception &e) {
        set(error, e.what());
    } catch (...) {
        set(error, "unknown error");
    }
    return -1;
}

} // extern "C"
